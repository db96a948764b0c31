import { AppError } from '../../errors.js';
import { mapIdFromTitle, parseWorkshopId } from '../../../shared/domain/workshop.js';

/** A LAN party often has no internet: the lookup gives up quickly and says so. */
const LOOKUP_TIMEOUT_MS = 4000;

export interface WorkshopItem {
  workshopId: string;
  title: string;
  previewUrl: string | null;
  suggestedMapId: string;
}

interface PublishedFileDetails {
  response?: { publishedfiledetails?: { result?: number; title?: string; preview_url?: string }[] };
}

/** Title and preview image of a workshop item, from the platform's published-file details API at `upstream`. */
export async function lookUpWorkshopItem(upstream: string, idOrUrl: string): Promise<WorkshopItem> {
  const workshopId = parseWorkshopId(idOrUrl);
  if (workshopId === null) {
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      'Give a workshop item id (digits) or the item page URL with its "?id=".',
    );
  }
  let details: PublishedFileDetails;
  try {
    const res = await fetch(upstream, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ itemcount: '1', 'publishedfileids[0]': workshopId }),
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (!res.ok) {
      throw new Error(`HTTP ${res.status}`);
    }
    details = (await res.json()) as PublishedFileDetails;
  } catch (err) {
    throw new AppError(
      'OFFLINE',
      503,
      `The workshop could not be reached (${(err as Error).message}); without internet, add the map by its id and name.`,
    );
  }
  const item = details.response?.publishedfiledetails?.[0];
  if (!item || item.result !== 1 || !item.title) {
    throw new AppError('NOT_FOUND', 404, `No workshop item ${workshopId}.`);
  }
  return {
    workshopId,
    title: item.title,
    previewUrl: item.preview_url || null,
    suggestedMapId: mapIdFromTitle(item.title),
  };
}
