import { useT } from '../../i18n/index.js';

export type FigureColumn = 'kills' | 'diff' | 'kd' | 'adr' | 'hsPercent' | 'mvps';

/** A figure's column header: the scene's abbreviation, what it means on hover. */
export function FigureHeader({ column }: { column: FigureColumn }) {
  const t = useT();
  return (
    <th scope="col" title={t(`stats.column.${column}.title`)}>
      {t(`stats.column.${column}.label`)}
    </th>
  );
}
