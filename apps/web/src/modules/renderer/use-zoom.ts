import { type MouseEvent, type WheelEvent, useState } from "react";

const MIN = 1;
const MAX = 5;
const CLICK_ZOOM = 2.5;

/**
 * Zoom of the gallery image: a click toggles between fit and 2.5×, the wheel zooms in steps, and
 * while zoomed the image follows the pointer (the zoom origin is the pointer position), which pans
 * without drag handling.
 */
export function useZoom() {
  const [scale, setScale] = useState(MIN);
  const [origin, setOrigin] = useState("50% 50%");

  const originAt = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return "50% 50%";
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    return `${Math.min(100, Math.max(0, x))}% ${Math.min(100, Math.max(0, y))}%`;
  };

  return {
    scale,
    zoomed: scale > MIN,
    style: { transform: `scale(${scale})`, transformOrigin: origin },
    reset: () => {
      setScale(MIN);
      setOrigin("50% 50%");
    },
    zoomIn: () => setScale((value) => Math.min(MAX, value + 0.5)),
    zoomOut: () => setScale((value) => Math.max(MIN, value - 0.5)),
    onClick: (event: MouseEvent<HTMLElement>) => {
      setOrigin(originAt(event));
      setScale((value) => (value > MIN ? MIN : CLICK_ZOOM));
    },
    onWheel: (event: WheelEvent<HTMLElement>) => {
      setOrigin(originAt(event));
      setScale((value) => Math.min(MAX, Math.max(MIN, value * Math.exp(-event.deltaY * 0.0015))));
    },
    onMouseMove: (event: MouseEvent<HTMLElement>) => {
      if (scale > MIN) setOrigin(originAt(event));
    },
  };
}
