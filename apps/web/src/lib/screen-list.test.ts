import { SCREEN_LIST_WINDOW, SCREEN_PAGE_SIZE } from '@shotlib/contract';
import { describe, expect, it } from 'vitest';
import { nextScreenPage } from './screen-list';

describe('nextScreenPage', () => {
  it('asks for the next page after a full one, and stops after a short one', () => {
    expect(nextScreenPage(SCREEN_PAGE_SIZE, 1, SCREEN_PAGE_SIZE)).toBe(2);
    expect(nextScreenPage(SCREEN_PAGE_SIZE - 1, 1, SCREEN_PAGE_SIZE)).toBeUndefined();
  });

  it('never asks for a page ending past the list window (the server refuses it)', () => {
    const last = Math.floor(SCREEN_LIST_WINDOW / SCREEN_PAGE_SIZE);
    expect(nextScreenPage(SCREEN_PAGE_SIZE, last - 1, SCREEN_PAGE_SIZE)).toBe(last);
    expect(nextScreenPage(SCREEN_PAGE_SIZE, last, SCREEN_PAGE_SIZE)).toBeUndefined();
    expect(nextScreenPage(50, SCREEN_LIST_WINDOW / 50, 50)).toBeUndefined();
  });
});
