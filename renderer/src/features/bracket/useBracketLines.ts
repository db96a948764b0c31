import { useLayoutEffect, useState, type RefObject } from 'react';
import type { WinnerLink } from '../../../../shared/domain/bracket-links.js';

export interface BracketLine extends WinnerLink {
  /** SVG path: out of the right edge of `from`, along the gap, into the left edge of `to`. */
  d: string;
}

export interface BracketLines {
  lines: BracketLine[];
  width: number;
  height: number;
}

const NONE: BracketLines = { lines: [], width: 0, height: 0 };

/**
 * A card's box in the canvas's own coordinates: offsets are layout positions, so neither the canvas's
 * horizontal scroll nor a scale transform around it (the projector's fit-to-screen) changes them.
 */
function boxIn(canvas: HTMLElement, card: HTMLElement) {
  let left = 0;
  let top = 0;
  for (
    let node: HTMLElement | null = card;
    node && node !== canvas;
    node = node.offsetParent as HTMLElement
  ) {
    left += node.offsetLeft;
    top += node.offsetTop;
  }
  return {
    left,
    right: left + card.offsetWidth,
    middle: top + card.offsetHeight / 2,
    bottom: top + card.offsetHeight,
  };
}

/** The connector lines between the cards (`[data-slug]`) laid out inside `canvas`. */
function measure(canvas: HTMLElement, links: readonly WinnerLink[]): BracketLines {
  const cards = new Map<string, HTMLElement>();
  for (const card of canvas.querySelectorAll<HTMLElement>('[data-slug]')) {
    cards.set(card.dataset.slug!, card);
  }
  const ends = links.flatMap((link) => {
    const from = cards.get(link.from);
    const to = cards.get(link.to);
    if (!from || !to) {
      return [];
    }
    const a = boxIn(canvas, from);
    const b = boxIn(canvas, to);
    return b.left > a.right ? [{ link, a, b }] : [];
  });
  if (ends.length === 0) {
    return NONE;
  }
  // Lines turn in the middle of the gap between two columns, also when a line crosses empty columns
  // (the upper final to a grand final drawn beside the lower bracket): the two into one card then meet.
  const gap = Math.min(...ends.map(({ a, b }) => b.left - a.right));
  return {
    lines: ends.map(({ link, a, b }) => {
      const turn = b.left - gap / 2;
      return { ...link, d: `M${a.right} ${a.middle}H${turn}V${b.middle}H${b.left}` };
    }),
    width: Math.max(...ends.map(({ b }) => b.left)),
    height: Math.max(...ends.map(({ a, b }) => Math.max(a.bottom, b.bottom))),
  };
}

const sameLines = (x: BracketLines, y: BracketLines) =>
  x.width === y.width &&
  x.height === y.height &&
  x.lines.length === y.lines.length &&
  x.lines.every((l, i) => l.d === y.lines[i]!.d && l.from === y.lines[i]!.from && l.to === y.lines[i]!.to);

/**
 * Measures where the linked cards sit in `canvas` when the links change and whenever the canvas or one
 * of its parts changes size (a window resize, a part growing, fonts arriving); returns the lines to draw.
 */
export function useBracketLines(
  canvas: RefObject<HTMLElement | null>,
  links: readonly WinnerLink[],
): BracketLines {
  const [lines, setLines] = useState<BracketLines>(NONE);
  const linkKey = links.map((l) => `${l.from}>${l.to}`).join(' ');
  useLayoutEffect(() => {
    const box = canvas.current;
    if (!box) {
      return;
    }
    const update = () => {
      const next = measure(box, links);
      setLines((current) => (sameLines(current, next) ? current : next));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    // The parts, not the SVG: its size follows the lines, and watching it would measure twice a frame.
    for (const part of box.querySelectorAll(':scope > section')) {
      observer.observe(part);
    }
    void document.fonts?.ready.then(update);
    return () => observer.disconnect();
    // `links` is a new array every render; `linkKey` changes exactly when its content does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canvas, linkKey]);
  return lines;
}
