import { flowLink } from '@shotlib/contract';
import { describe, expect, it } from 'vitest';
import { clampStep, flowFrame, isLockedStep, parseFlowParams, stepForKey, withFlowStep, withoutFlow } from './flow-steps';

describe('flow player URL', () => {
  it('reads the flow and the step of a deep link', () => {
    const link = new URL(flowLink(7, 12, 3), 'http://x');
    expect(link.pathname).toBe('/detail/7');
    expect(parseFlowParams(link.searchParams)).toEqual({ flowId: 12, step: 3 });
  });

  it('starts at the first step when the step is missing or malformed', () => {
    expect(parseFlowParams(new URLSearchParams('flow=4'))).toEqual({ flowId: 4, step: 1 });
    expect(parseFlowParams(new URLSearchParams('flow=4&step=abc'))).toEqual({ flowId: 4, step: 1 });
    expect(parseFlowParams(new URLSearchParams('flow=4&step=0'))).toEqual({ flowId: 4, step: 1 });
    expect(parseFlowParams(new URLSearchParams('flow=4&step=-2'))).toEqual({ flowId: 4, step: 1 });
  });

  it('opens no player without a valid flow id', () => {
    expect(parseFlowParams(new URLSearchParams(''))).toBeNull();
    expect(parseFlowParams(new URLSearchParams('flow=x&step=2'))).toBeNull();
    expect(parseFlowParams(new URLSearchParams('flow=0'))).toBeNull();
    expect(parseFlowParams(new URLSearchParams('flow=1.5'))).toBeNull();
  });

  it('moves the step in the query and keeps the other parameters; closing drops both', () => {
    const at = withFlowStep(new URLSearchParams('ref=mail'), 12, 5);
    expect(at.toString()).toBe('ref=mail&flow=12&step=5');
    expect(withFlowStep(at, 12, 6).toString()).toBe('ref=mail&flow=12&step=6');
    expect(withoutFlow(at).toString()).toBe('ref=mail');
  });
});

describe('flow steps', () => {
  it('clamps a step into the flow', () => {
    expect(clampStep(0, 12)).toBe(1);
    expect(clampStep(1, 12)).toBe(1);
    expect(clampStep(12, 12)).toBe(12);
    expect(clampStep(99, 12)).toBe(12);
    expect(clampStep(3, 0)).toBe(1);
    expect(clampStep(Number.NaN, 4)).toBe(1);
  });

  it('moves by arrows without wrapping, Home and End jump to the ends', () => {
    expect(stepForKey('ArrowRight', 3, 12)).toBe(4);
    expect(stepForKey('ArrowRight', 12, 12)).toBe(12);
    expect(stepForKey('ArrowLeft', 1, 12)).toBe(1);
    expect(stepForKey('ArrowLeft', 4, 12)).toBe(3);
    expect(stepForKey('Home', 7, 12)).toBe(1);
    expect(stepForKey('End', 2, 12)).toBe(12);
    expect(stepForKey('Enter', 2, 12)).toBeNull();
  });

  it('locks the steps past the ones the server sent', () => {
    expect(isLockedStep(3, 3)).toBe(false);
    expect(isLockedStep(4, 3)).toBe(true);
    expect(isLockedStep(12, 12)).toBe(false);
  });

  it('frames apps as phones, websites in the browser, business software by its screens', () => {
    expect(flowFrame('app', { width: 1440, height: 900 })).toBe('phone');
    expect(flowFrame('web', { width: 390, height: 844 })).toBe('browser');
    expect(flowFrame('b', { width: 1440, height: 900 })).toBe('browser');
    expect(flowFrame('b', { width: 390, height: 844 })).toBe('phone');
    expect(flowFrame('b', undefined)).toBe('phone');
  });
});
