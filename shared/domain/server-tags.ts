/**
 * Server tags (API.md decision 74): which servers a match may go to. A tournament, its stage or its round
 * may require tags; a match on stage requires `stage` too (decision 76). A server must carry every
 * required tag; a match that requires none may go to any server, whatever tags it carries. Pure.
 */

/** The tag a match on stage requires (decision 76). */
export const STAGE_TAG = 'stage';

export const MAX_SERVER_TAGS = 8;
export const MAX_SERVER_TAG_LENGTH = 24;
/** A lowercase word: letters, digits, `-` and `_`, starting with a letter or digit. */
export const SERVER_TAG_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

/** Every tag the match requires, without repeats, in the order they were given. */
export function requiredTags(
  ...sources: readonly (readonly string[] | undefined | null | false)[]
): string[] {
  return [...new Set(sources.flatMap((tags) => (tags ? tags : [])))];
}

/** The required tags a server lacks (none: it may take the match). */
export function missingTags(serverTags: readonly string[], required: readonly string[]): string[] {
  const carried = new Set(serverTags);
  return required.filter((tag) => !carried.has(tag));
}

export const carriesAll = (serverTags: readonly string[], required: readonly string[]): boolean =>
  missingTags(serverTags, required).length === 0;
