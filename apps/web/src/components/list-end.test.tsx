import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { ListEnd } from './list-end';

const sentinel = () => undefined;

describe('ListEnd', () => {
  it('offers the retry, after the page extras, only while the next page has failed', () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <ListEnd sentinelRef={sentinel} loading={false} retry={{ label: 'Loading more failed, try again', onRetry }}>
        <p>Subscribe to see more</p>
      </ListEnd>,
    );
    const retry = screen.getByRole('button', { name: 'Loading more failed, try again' });
    expect(screen.getByText('Subscribe to see more').compareDocumentPosition(retry) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(<ListEnd sentinelRef={sentinel} loading={false} retry={false} endNote="That is everything" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('That is everything')).toBeTruthy();
  });
});
