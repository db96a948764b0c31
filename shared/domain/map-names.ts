/** The map catalogue's display names by map id (`de_dust2` -> `Dust II`). */
export type MapNames = Readonly<Record<string, string>>;

/**
 * The one name every page shows for a map: the catalogue's display name, else one made from the map id
 * or a workshop path's last part (`de_dust2` -> `Dust2`, `workshop/123/cs_agency` -> `Agency`).
 */
export function mapDisplayName(map: string, names: MapNames): string {
  const catalogued = names[map];
  if (catalogued) {
    return catalogued;
  }
  const file = map.split('/').pop() ?? map;
  const fileCatalogued = names[file];
  if (fileCatalogued) {
    return fileCatalogued;
  }
  const words = file.replace(/^[a-z]+_/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
