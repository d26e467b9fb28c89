import * as Dialog from "@radix-ui/react-dialog";
import clsx from "clsx";
import { X } from "lucide-react";
import { type PointerEvent as ReactPointerEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUISetting } from "../../store/settings.store.ts";
import { modal, type OpenModal, useModals } from "./modal.store.ts";

const SIZES = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl", full: "max-w-[min(96vw,1400px)]" } as const;

/** Renders every open modal, stacked; mounted once by the app. */
export function ModalStack() {
  const stack = useModals((state) => state.stack);
  return (
    <>
      {stack.map((open, index) => (
        <ModalFrame key={open.id} open={open} top={index === stack.length - 1} depth={index} />
      ))}
    </>
  );
}

function ModalFrame({ open, top, depth }: { open: OpenModal; top: boolean; depth: number }) {
  const { t } = useTranslation("app");
  const overlay = useUISetting("modalOverlay");
  const draggableSetting = useUISetting("modalDraggable");
  const draggable = (open.draggable ?? true) && draggableSetting;
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; from: { x: number; y: number } } | null>(null);
  const dismiss = () => modal.dismiss(open.id);

  const startDrag = (event: ReactPointerEvent<HTMLElement>) => {
    if (!draggable || event.button !== 0 || (event.target as HTMLElement).closest("button")) return;
    drag.current = { x: event.clientX, y: event.clientY, from: offset };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const moveDrag = (event: ReactPointerEvent<HTMLElement>) => {
    if (!drag.current) return;
    setOffset({ x: drag.current.from.x + event.clientX - drag.current.x, y: drag.current.from.y + event.clientY - drag.current.y });
  };

  return (
    <Dialog.Root open onOpenChange={(next) => !next && dismiss()}>
      <Dialog.Portal>
        {overlay && top ? <Dialog.Overlay className="fixed inset-0 bg-black/30 backdrop-blur-[1px] data-[state=open]:animate-in" style={{ zIndex: 50 + depth * 2 }} /> : null}
        <Dialog.Content
          data-focus-area="modal"
          aria-describedby={undefined}
          onPointerDownOutside={(event) => (open.dismissOnOutsideClick === false || !top) && event.preventDefault()}
          onInteractOutside={(event) => (open.dismissOnOutsideClick === false || !top) && event.preventDefault()}
          onEscapeKeyDown={(event) => open.dismissOnEscape === false && event.preventDefault()}
          className={clsx(
            "fixed top-1/2 left-1/2 flex max-h-[90dvh] w-[calc(100vw-2rem)] flex-col rounded-xl border border-zinc-200 bg-white shadow-2xl outline-none dark:border-zinc-800 dark:bg-zinc-900",
            SIZES[open.size ?? "md"],
            open.resizable && "resize overflow-auto",
          )}
          style={{ zIndex: 51 + depth * 2, transform: `translate(calc(-50% + ${offset.x}px), calc(-50% + ${offset.y}px))` }}
        >
          {open.title !== undefined ? (
            <header
              className={clsx("flex shrink-0 items-center gap-2 border-b border-zinc-100 px-4 py-3 dark:border-zinc-800", draggable && "cursor-move select-none")}
              onPointerDown={startDrag}
              onPointerMove={moveDrag}
              onPointerUp={() => (drag.current = null)}
            >
              <Dialog.Title className="min-w-0 flex-1 truncate text-base font-semibold">{open.title}</Dialog.Title>
              <Dialog.Close className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800" aria-label={t("modal.close")}>
                <X className="size-4" />
              </Dialog.Close>
            </header>
          ) : (
            <Dialog.Title className="sr-only">{open.label ?? ""}</Dialog.Title>
          )}
          <div className="min-h-0 flex-1 overflow-auto">{open.content({ dismiss })}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
