/** The order teams are seeded in, best first (spec: manual order, random with a stored seed, by rating). */

export type SeedingMode = 'manual' | 'random' | 'rating';

/** mulberry32: a small, well-distributed PRNG, so a stored seed always draws the same bracket. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedOrder(
  teamIds: readonly string[],
  mode: SeedingMode,
  options: { randomSeed?: number | null; teamRating?: (teamId: string) => number } = {},
): string[] {
  if (mode === 'random') {
    const random = seededRandom(options.randomSeed ?? 0);
    const order = [...teamIds];
    // Fisher-Yates.
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    return order;
  }
  if (mode === 'rating') {
    const rating = options.teamRating ?? (() => 0);
    // Stable: equal ratings keep the manual order.
    return teamIds
      .map((id, index) => ({ id, index, rating: rating(id) }))
      .sort((a, b) => b.rating - a.rating || a.index - b.index)
      .map((t) => t.id);
  }
  return [...teamIds];
}
