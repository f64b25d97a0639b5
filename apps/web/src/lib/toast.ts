import { TOAST_DEFAULT_MS } from '@shotlib/contract';
import { create } from 'zustand';

/** Notification kinds of docs/product-spec.md §2: success is the default. */
export type ToastType = 'success' | 'error' | 'info' | 'other';
export type Toast = { id: number; message: string; type: ToastType; duration: number };
export type ToastOptions = { type?: ToastType; duration?: number };

type ToastState = { toasts: Toast[] };

/** Visible notifications, oldest first; the <Toaster> renders them. */
export const useToastStore = create<ToastState>()(() => ({ toasts: [] }));

let nextId = 1;

function dismiss(id: number): void {
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
}

function show(message: string, { type = 'success', duration = TOAST_DEFAULT_MS }: ToastOptions = {}): number {
  const id = nextId++;
  useToastStore.setState((state) => ({ toasts: [...state.toasts, { id, message, type, duration }] }));
  if (duration > 0 && Number.isFinite(duration)) setTimeout(() => dismiss(id), duration);
  return id;
}

/**
 * The imperative notification API, callable from anywhere (the API client included):
 * `toast.success('Saved')`, `toast.error(message)`, `toast.show(message, { type: 'other', duration: 4000 })`.
 * Each call returns the notification's id for `toast.dismiss(id)`.
 */
export const toast = {
  show,
  success: (message: string, duration?: number) => show(message, { type: 'success', duration }),
  error: (message: string, duration?: number) => show(message, { type: 'error', duration }),
  info: (message: string, duration?: number) => show(message, { type: 'info', duration }),
  dismiss,
};
