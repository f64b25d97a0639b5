import { AdminFlowInputSchema, type AdminFlow, type AdminFlowInput } from '@shotlib/contract/admin-flows';
import { FLOW_MAX_STEPS } from '@shotlib/contract/ingest';
import { moveTo } from './reorder';

/**
 * The flow editor's state, as its inputs hold it: pure, so the editor's rules (steps added, moved,
 * removed; what the contract accepts) are tested without a page.
 */

export type CaptionField = 'caption' | 'captionCn' | 'captionTw';
export type NameField = 'name' | 'nameCn' | 'nameTw';

/** A step being edited. `key` tells steps apart (the same screen may be several steps). */
export type StepDraft = { key: number; previewId: number } & Record<CaptionField, string>;

export type FlowDraft = {
  /** The flow type's category id as the select holds it ('' before one is chosen). */
  type: string;
  steps: StepDraft[];
  /** The key of the next step added. */
  nextKey: number;
} & Record<NameField, string>;

/** A new flow's draft, or an existing flow's. */
export function draftOf(flow?: AdminFlow): FlowDraft {
  const steps = (flow?.steps ?? []).map((step, index) => ({
    key: index + 1,
    previewId: step.previewId,
    caption: step.caption,
    captionCn: step.captionCn ?? '',
    captionTw: step.captionTw ?? '',
  }));
  return {
    type: flow?.type ? String(flow.type) : '',
    name: flow?.name ?? '',
    nameCn: flow?.nameCn ?? '',
    nameTw: flow?.nameTw ?? '',
    steps,
    nextKey: steps.length + 1,
  };
}

export type FlowDraftAction =
  | { op: 'field'; field: 'type' | NameField; value: string }
  /** Append a screen as the last step (nothing past FLOW_MAX_STEPS). */
  | { op: 'add'; previewId: number }
  /** Move a step to an index (clamped). */
  | { op: 'move'; key: number; to: number }
  | { op: 'remove'; key: number }
  | { op: 'caption'; key: number; field: CaptionField; value: string };

export function flowDraftReducer(draft: FlowDraft, action: FlowDraftAction): FlowDraft {
  switch (action.op) {
    case 'field':
      return { ...draft, [action.field]: action.value };
    case 'add':
      if (draft.steps.length >= FLOW_MAX_STEPS) return draft;
      return {
        ...draft,
        steps: [...draft.steps, { key: draft.nextKey, previewId: action.previewId, caption: '', captionCn: '', captionTw: '' }],
        nextKey: draft.nextKey + 1,
      };
    case 'move': {
      const from = draft.steps.findIndex((step) => step.key === action.key);
      if (from === -1) return draft;
      return { ...draft, steps: moveTo(draft.steps, from, action.to) };
    }
    case 'remove':
      return { ...draft, steps: draft.steps.filter((step) => step.key !== action.key) };
    case 'caption':
      return { ...draft, steps: draft.steps.map((step) => (step.key === action.key ? { ...step, [action.field]: action.value } : step)) };
  }
}

/** What is wrong with a draft: its fields, and the keys of the steps whose captions are too long. */
export type FlowDraftErrors = Partial<Record<'type' | NameField | 'steps', true>> & { captions?: number[] };

/** The draft as the contract reads it (the same schema the server checks), or what is wrong with it. */
export function parseFlowDraft(draft: FlowDraft): { input: AdminFlowInput } | { errors: FlowDraftErrors } {
  const result = AdminFlowInputSchema.safeParse({
    type: draft.type === '' ? Number.NaN : Number(draft.type),
    name: draft.name,
    nameCn: draft.nameCn,
    nameTw: draft.nameTw,
    steps: draft.steps.map(({ previewId, caption, captionCn, captionTw }) => ({ previewId, caption, captionCn, captionTw })),
  });
  if (result.success) return { input: result.data };
  const errors: FlowDraftErrors = {};
  const captions = new Set<number>();
  for (const issue of result.error.issues) {
    const [field, index] = issue.path;
    if (field === 'type' || field === 'name' || field === 'nameCn' || field === 'nameTw') errors[field] = true;
    else if (field === 'steps' && typeof index === 'number') {
      const step = draft.steps[index];
      if (step) captions.add(step.key);
    } else if (field === 'steps') errors.steps = true;
  }
  if (captions.size > 0) errors.captions = [...captions];
  return { errors };
}
