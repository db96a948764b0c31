import { useLayoutEffect, useRef, useState } from 'react';
import { bestColumns, placeContent, type Box, type Placement } from './screen-layout.js';

/** Containers whose children are laid out as a grid of tiles chosen for the screen. */
const TILED = '.groups, .screen-live';
/** Space between the panel and the title or the QR code, as a share of the screen's height. */
const GAP = 0.012;

function rectIn(element: Element, origin: DOMRect): Box {
  const r = element.getBoundingClientRect();
  return { left: r.left - origin.left, top: r.top - origin.top, width: r.width, height: r.height };
}

/** Where the panel may start below `element`, in `origin`'s coordinates. */
function below(element: Element, origin: DOMRect): number {
  const r = rectIn(element, origin);
  return r.top + r.height + GAP * innerHeight;
}

/**
 * The spaces a panel may take inside `body`: below everything at the top (the whole width), or below
 * the title and the address and left of the QR code (the whole height).
 */
function freeBoxes(body: HTMLElement, title: HTMLElement, qr: HTMLElement, url: HTMLElement | null): Box[] {
  const origin = body.getBoundingClientRect();
  const besideTop = Math.max(below(title, origin), url ? below(url, origin) : 0);
  const belowTop = Math.max(besideTop, below(qr, origin));
  return [
    { left: 0, top: belowTop, width: origin.width, height: origin.height - belowTop },
    {
      left: 0,
      top: besideTop,
      width: rectIn(qr, origin).left - GAP * innerHeight,
      height: origin.height - besideTop,
    },
  ];
}

/** With no QR code (no join address yet): the whole space below the title. */
function fullBelow(body: HTMLElement, title: HTMLElement): Box[] {
  const origin = body.getBoundingClientRect();
  const top = below(title, origin);
  return [{ left: 0, top, width: origin.width, height: origin.height - top }];
}

/** The columns of the panel's tiles, or null when it has none. */
function tileColumns(content: HTMLElement, boxes: readonly Box[]): number | null {
  const tiled = content.querySelector<HTMLElement>(TILED);
  const tiles = tiled ? [...tiled.children].filter((c): c is HTMLElement => c instanceof HTMLElement) : [];
  if (!tiled || tiles.length === 0) {
    return null;
  }
  const tile = {
    width: Math.max(...tiles.map((t) => t.offsetWidth)),
    height: Math.max(...tiles.map((t) => t.offsetHeight)),
  };
  const gap = parseFloat(getComputedStyle(tiled).columnGap) || 0;
  return bestColumns(tiles.length, tile, gap, boxes);
}

/**
 * Scales the panel up or down to the largest size that fits the screen beside the title and the QR
 * code (a projector cannot scroll), and picks the columns of its tiles. It measures again when the
 * panel changes or the QR code appears.
 */
export function useScreenFit(panel: string, withQr: boolean) {
  const body = useRef<HTMLElement>(null);
  const title = useRef<HTMLDivElement>(null);
  // The QR code, or the note that stands in its corner when players cannot join yet.
  const qr = useRef<HTMLElement>(null);
  const url = useRef<HTMLSpanElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<Placement>({ scale: 1, left: 0, top: 0 });
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    const fit = () => {
      if (!body.current || !title.current || !content.current) {
        return;
      }
      const boxes = qr.current
        ? freeBoxes(body.current, title.current, qr.current, url.current)
        : fullBelow(body.current, title.current);
      const tiles = tileColumns(content.current, boxes);
      if (tiles !== null) {
        setColumns(tiles);
      }
      const size = { width: content.current.offsetWidth, height: content.current.offsetHeight };
      // A one-line message stays at its own size: only a panel with something to show fills the screen.
      const maxScale = content.current.querySelector('.screen-empty') ? 1 : Infinity;
      setPlacement(placeContent(size, boxes, maxScale));
    };
    fit();
    const observer = new ResizeObserver(fit);
    for (const element of [body.current, title.current, qr.current, content.current]) {
      if (element) {
        observer.observe(element);
      }
    }
    return () => observer.disconnect();
  }, [panel, withQr]);
  return { body, title, qr, url, content, placement, columns };
}
