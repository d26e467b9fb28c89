import { type PointerEvent, useRef } from "react";

/**
 * The draggable edge of a column. Reports the new width while dragging (clamped), and on
 * double-click asks for the default width back.
 */
export function ResizeHandle(props: { width: number; min: number; max: number; onResize: (width: number) => void; onReset?: () => void; label: string }) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const down = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    start.current = { x: event.clientX, width: props.width };
    event.currentTarget.setPointerCapture(event.pointerId);
    document.body.style.cursor = "col-resize";
    document.body.style.userSelect = "none";
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    props.onResize(Math.round(Math.min(props.max, Math.max(props.min, start.current.width + event.clientX - start.current.x))));
  };
  const up = () => {
    start.current = null;
    document.body.style.cursor = "";
    document.body.style.userSelect = "";
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={props.label}
      aria-valuenow={props.width}
      aria-valuemin={props.min}
      aria-valuemax={props.max}
      tabIndex={-1}
      className="group absolute top-0 -right-1 z-10 h-full w-2 cursor-col-resize"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onDoubleClick={props.onReset}
    >
      <div className="mx-auto h-full w-px bg-transparent transition-colors group-hover:bg-orange-400/60" />
    </div>
  );
}
