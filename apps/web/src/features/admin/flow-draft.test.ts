import type { AdminFlow } from '@shotlib/contract/admin-flows';
import { FLOW_MAX_STEPS } from '@shotlib/contract/ingest';
import { describe, expect, it } from 'vitest';
import { draftOf, flowDraftReducer, parseFlowDraft, type FlowDraft, type FlowDraftAction } from './flow-draft';

const run = (draft: FlowDraft, ...actions: FlowDraftAction[]) => actions.reduce(flowDraftReducer, draft);
const previews = (draft: FlowDraft) => draft.steps.map((step) => step.previewId);

const stored: AdminFlow = {
  id: 7,
  itemId: 5,
  type: 61,
  name: 'Sign up',
  nameCn: '注册',
  nameTw: null,
  sort: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  steps: [
    { previewId: 11, path: 's/11.png', width: 390, height: 844, caption: 'Welcome', captionCn: null, captionTw: null },
    { previewId: 12, path: 's/12.png', width: 390, height: 844, caption: '', captionCn: '邮箱', captionTw: '電子郵件' },
  ],
};

describe('the flow draft', () => {
  it('starts empty for a new flow, and from the stored flow when editing (missing texts as empty inputs)', () => {
    expect(draftOf()).toEqual({ type: '', name: '', nameCn: '', nameTw: '', steps: [], nextKey: 1 });
    const draft = draftOf(stored);
    expect(draft).toMatchObject({ type: '61', name: 'Sign up', nameCn: '注册', nameTw: '' });
    expect(draft.steps).toEqual([
      { key: 1, previewId: 11, caption: 'Welcome', captionCn: '', captionTw: '' },
      { key: 2, previewId: 12, caption: '', captionCn: '邮箱', captionTw: '電子郵件' },
    ]);
  });

  it('adds screens as steps at the end, the same screen more than once, each step its own', () => {
    const draft = run(draftOf(), { op: 'add', previewId: 3 }, { op: 'add', previewId: 4 }, { op: 'add', previewId: 3 });
    expect(previews(draft)).toEqual([3, 4, 3]);
    expect(new Set(draft.steps.map((step) => step.key)).size).toBe(3);
    // A caption belongs to one step, not to its screen.
    const captioned = run(draft, { op: 'caption', key: draft.steps[2]!.key, field: 'caption', value: 'Back to the list' });
    expect(captioned.steps.map((step) => step.caption)).toEqual(['', '', 'Back to the list']);
  });

  it('moves a step earlier or later, staying put past either end', () => {
    const draft = run(draftOf(), { op: 'add', previewId: 1 }, { op: 'add', previewId: 2 }, { op: 'add', previewId: 3 });
    const [first, , third] = draft.steps;
    expect(previews(run(draft, { op: 'move', key: third!.key, to: 1 }))).toEqual([1, 3, 2]);
    expect(previews(run(draft, { op: 'move', key: first!.key, to: 1 }))).toEqual([2, 1, 3]);
    expect(previews(run(draft, { op: 'move', key: first!.key, to: -1 }))).toEqual([1, 2, 3]);
    expect(previews(run(draft, { op: 'move', key: third!.key, to: 3 }))).toEqual([1, 2, 3]);
    expect(previews(run(draft, { op: 'move', key: 99, to: 0 }))).toEqual([1, 2, 3]);
  });

  it('removes one step (not the other steps of the same screen) and never reuses a key', () => {
    const draft = run(draftOf(), { op: 'add', previewId: 1 }, { op: 'add', previewId: 2 }, { op: 'add', previewId: 1 });
    const removed = run(draft, { op: 'remove', key: draft.steps[0]!.key });
    expect(previews(removed)).toEqual([2, 1]);
    const added = run(removed, { op: 'add', previewId: 5 });
    expect(added.steps.at(-1)!.key).toBeGreaterThan(Math.max(...draft.steps.map((step) => step.key)));
  });

  it(`stops adding at ${FLOW_MAX_STEPS} steps`, () => {
    let draft = draftOf();
    for (let i = 0; i < FLOW_MAX_STEPS + 2; i++) draft = flowDraftReducer(draft, { op: 'add', previewId: 1 });
    expect(draft.steps).toHaveLength(FLOW_MAX_STEPS);
  });
});

describe('the flow draft read by the contract', () => {
  const complete = run(
    draftOf(),
    { op: 'field', field: 'type', value: '61' },
    { op: 'field', field: 'name', value: '  Checkout ' },
    { op: 'field', field: 'nameTw', value: '結帳' },
    { op: 'add', previewId: 21 },
    { op: 'add', previewId: 22 },
  );

  it('gives the input the server takes: trimmed names, empty translations as null, steps in order', () => {
    const withCaption = run(complete, { op: 'caption', key: complete.steps[1]!.key, field: 'captionCn', value: '付款' });
    expect(parseFlowDraft(withCaption)).toEqual({
      input: {
        type: 61,
        name: 'Checkout',
        nameCn: null,
        nameTw: '結帳',
        steps: [
          { previewId: 21, caption: '', captionCn: null, captionTw: null },
          { previewId: 22, caption: '', captionCn: '付款', captionTw: null },
        ],
      },
    });
  });

  it('names what is missing: a type, the English name, at least one step', () => {
    expect(parseFlowDraft(draftOf())).toEqual({ errors: { type: true, name: true, steps: true } });
    expect(parseFlowDraft(run(complete, { op: 'field', field: 'name', value: '   ' }))).toEqual({ errors: { name: true } });
  });

  it('names the steps whose captions are too long, and too long translations of the name', () => {
    const key = complete.steps[0]!.key;
    const long = run(complete, { op: 'caption', key, field: 'captionTw', value: 'x'.repeat(501) }, { op: 'field', field: 'nameCn', value: '名'.repeat(121) });
    expect(parseFlowDraft(long)).toEqual({ errors: { nameCn: true, captions: [key] } });
  });
});
