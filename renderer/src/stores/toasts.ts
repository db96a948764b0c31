import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastState {
  toasts: Toast[];
  show(kind: ToastKind, message: string): void;
  dismiss(id: number): void;
}

let nextId = 1;
const LIFETIME_MS = 6000;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show(kind, message) {
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, kind, message }] });
    setTimeout(() => get().dismiss(id), LIFETIME_MS);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

/** Shortcut for code outside React components. */
export const toast = (kind: ToastKind, message: string) => useToasts.getState().show(kind, message);
