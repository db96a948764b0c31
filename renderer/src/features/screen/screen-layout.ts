/**
 * Where the projector puts a panel: scaled (up or down) to the largest size that fits the screen
 * around its title and the players' QR code. Pure: the hook measures, this decides.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Box extends Size {
  left: number;
  top: number;
}

export interface Placement {
  scale: number;
  left: number;
  top: number;
}

/** The largest scale at which `content` fits `box`; 0 for an empty box or content. */
function scaleInto(content: Size, box: Size): number {
  if (content.width <= 0 || content.height <= 0 || box.width <= 0 || box.height <= 0) {
    return 0;
  }
  return Math.min(box.width / content.width, box.height / content.height);
}

/**
 * The largest placement of `content` in any of `boxes` (the space below the QR code spans the whole
 * width, the space beside it the whole height), centred in that box; never above `maxScale`.
 */
export function placeContent(content: Size, boxes: readonly Box[], maxScale = Infinity): Placement {
  let best: Placement = { scale: 0, left: 0, top: 0 };
  for (const box of boxes) {
    const scale = Math.min(maxScale, scaleInto(content, box));
    if (scale > best.scale) {
      best = {
        scale,
        left: box.left + (box.width - content.width * scale) / 2,
        top: box.top + (box.height - content.height * scale) / 2,
      };
    }
  }
  return best;
}

/** The size of `count` tiles of `tile` laid out in `columns` columns with `gap` between them. */
export function tiledSize(count: number, columns: number, tile: Size, gap: number): Size {
  const rows = Math.ceil(count / columns);
  return {
    width: columns * tile.width + (columns - 1) * gap,
    height: rows * tile.height + (rows - 1) * gap,
  };
}

/**
 * How many columns `count` tiles (groups, live matches) take so that they come out largest in
 * `boxes`; the fewest columns of those equally large.
 */
export function bestColumns(count: number, tile: Size, gap: number, boxes: readonly Box[]): number {
  let best = { columns: 1, scale: 0 };
  for (let columns = 1; columns <= count; columns++) {
    const { scale } = placeContent(tiledSize(count, columns, tile, gap), boxes);
    // Strictly larger: a column that adds no row only widens the tiles' grid.
    if (scale > best.scale * 1.0001) {
      best = { columns, scale };
    }
  }
  return best.columns;
}
