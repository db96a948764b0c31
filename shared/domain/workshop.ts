/** The workshop item id from what an organiser pastes: the id itself, or the item's page URL (`?id=`). */
export function parseWorkshopId(idOrUrl: string): string | null {
  const text = idOrUrl.trim();
  if (/^\d{1,20}$/.test(text)) {
    return text;
  }
  try {
    const id = new URL(text).searchParams.get('id');
    return id !== null && /^\d{1,20}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** A map id from a workshop title ("Cache (2024)" -> "cache_2024"), for the add-map form to start from. */
export function mapIdFromTitle(title: string): string {
  const id = title
    .normalize('NFKD')
    // Accents go, their letters stay: "Église" -> "eglise".
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
  return id || 'workshop_map';
}
