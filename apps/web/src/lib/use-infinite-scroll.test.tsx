import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInfiniteScroll } from './use-infinite-scroll';

/** A stand-in for the browser's IntersectionObserver that the test drives by hand. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** Report the marker at a visible ratio. */
  report(ratio: number) {
    const entry = { isIntersecting: ratio > 0, intersectionRatio: ratio, target: this.targets[0] } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

const live = () => FakeObserver.instances.filter((o) => !o.disconnected);

function List({ enabled, onLoadMore }: { enabled: boolean; onLoadMore: () => void }) {
  const marker = useInfiniteScroll({ enabled, onLoadMore });
  return <div ref={marker} data-testid="end" />;
}

beforeEach(() => {
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('useInfiniteScroll', () => {
  it('watches the end marker at a 50 % threshold and loads once half of it is visible', () => {
    const onLoadMore = vi.fn();
    render(<List enabled onLoadMore={onLoadMore} />);
    const [observer] = live();
    expect(observer?.options?.threshold).toBe(0.5);
    act(() => observer!.report(0.3));
    expect(onLoadMore).not.toHaveBeenCalled();
    act(() => observer!.report(0.5));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    // Once per page: the observer is done until loading is possible again.
    expect(observer!.disconnected).toBe(true);
  });

  it('does not watch while a page loads or at the end, and watches again afterwards', () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(<List enabled={false} onLoadMore={onLoadMore} />);
    expect(live()).toHaveLength(0);
    rerender(<List enabled onLoadMore={onLoadMore} />);
    expect(live()).toHaveLength(1);
    rerender(<List enabled={false} onLoadMore={onLoadMore} />);
    expect(live()).toHaveLength(0);
  });
});
