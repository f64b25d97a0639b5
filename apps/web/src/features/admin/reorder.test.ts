import { describe, expect, it } from 'vitest';
import { moveIdsTo, moveTo } from './reorder';

describe('moveTo (the move buttons)', () => {
  it('moves one element earlier or later', () => {
    expect(moveTo([1, 2, 3, 4], 2, 1)).toEqual([1, 3, 2, 4]);
    expect(moveTo([1, 2, 3, 4], 0, 1)).toEqual([2, 1, 3, 4]);
  });

  it('stays put past either end', () => {
    expect(moveTo([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveTo([1, 2, 3], 2, 3)).toEqual([1, 2, 3]);
  });
});

describe('moveIdsTo (drag and drop)', () => {
  it('drops a dragged screen after a later target and before an earlier one', () => {
    expect(moveIdsTo([1, 2, 3, 4, 5], [2], 4)).toEqual([1, 3, 4, 2, 5]);
    expect(moveIdsTo([1, 2, 3, 4, 5], [4], 2)).toEqual([1, 4, 2, 3, 5]);
  });

  it('moves a selection as a block, keeping its order', () => {
    expect(moveIdsTo([1, 2, 3, 4, 5, 6], [5, 2], 4)).toEqual([1, 3, 4, 2, 5, 6]);
    expect(moveIdsTo([1, 2, 3, 4, 5, 6], [6, 4], 1)).toEqual([4, 6, 1, 2, 3, 5]);
  });

  it('changes nothing when dropped on itself or on an unknown screen', () => {
    expect(moveIdsTo([1, 2, 3], [2], 2)).toEqual([1, 2, 3]);
    expect(moveIdsTo([1, 2, 3], [2], 9)).toEqual([1, 2, 3]);
  });
});
