import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Toasts of one action share a key: a new one replaces the last, so repeats never stack. */
  key?: string;
}

interface ToastState {
  toasts: Toast[];
  show(kind: ToastKind, message: string, key?: string): void;
  dismiss(id: number): void;
}

let nextId = 1;
const LIFETIME_MS = 6000;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show(kind, message, key) {
    const id = nextId++;
    const others = get().toasts.filter((t) => key === undefined || t.key !== key);
    set({ toasts: [...others, { id, kind, message, key }] });
    setTimeout(() => get().dismiss(id), LIFETIME_MS);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

/** Shortcut for code outside React components. */
export const toast = (kind: ToastKind, message: string, key?: string) =>
  useToasts.getState().show(kind, message, key);
