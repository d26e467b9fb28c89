import type { ReactNode } from "react";
import { create } from "zustand";

export interface ModalOptions {
  /** Reuse an id to replace an open modal instead of stacking a second copy. */
  id?: string;
  title?: ReactNode;
  /** The body; `dismiss` closes this modal. */
  content: (controls: { dismiss: () => void }) => ReactNode;
  /** Dragged by its header (when the modalDraggable setting allows). Default true. */
  draggable?: boolean;
  /** Resizable from its corner. Default false. */
  resizable?: boolean;
  /** Closes on a click outside. Default true; confirm dialogs never do (spec §2). */
  dismissOnOutsideClick?: boolean;
  /** Closes on Escape. Default true. */
  dismissOnEscape?: boolean;
  /** Tailwind width class of the panel (e.g. "max-w-lg"). */
  size?: "sm" | "md" | "lg" | "xl" | "full";
  onClose?: () => void;
  /** Label for screen readers when the title is not text. */
  label?: string;
}

export interface OpenModal extends ModalOptions {
  id: string;
}

/** The stack of open modals, bottom first (spec §2: modals stack; dismiss the top one or all). */
export const useModals = create<{ stack: OpenModal[] }>(() => ({ stack: [] }));

let counter = 0;

export const modal = {
  /** Opens a modal on top of the stack; returns its id. */
  present(options: ModalOptions): string {
    const id = options.id ?? `modal-${++counter}`;
    useModals.setState((state) => ({ stack: [...state.stack.filter((m) => m.id !== id), { ...options, id }] }));
    return id;
  },

  dismiss(id: string): void {
    const closing = useModals.getState().stack.find((m) => m.id === id);
    if (!closing) return;
    useModals.setState((state) => ({ stack: state.stack.filter((m) => m.id !== id) }));
    closing.onClose?.();
  },

  dismissTop(): void {
    const top = useModals.getState().stack.at(-1);
    if (top) modal.dismiss(top.id);
  },

  dismissAll(): void {
    for (const open of [...useModals.getState().stack].reverse()) modal.dismiss(open.id);
  },

  isOpen(id: string): boolean {
    return useModals.getState().stack.some((m) => m.id === id);
  },
};
