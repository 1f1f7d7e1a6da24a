import { useLingui } from '@lingui/react';
import { open24hLabel, openingHoursTable } from '../opening-hours';

/** A station's opening hours per spec §5 (one open24h row, or the days from today on). */
export function OpeningHoursTable({ hours, today, caption }: { hours: unknown; today: string; caption: string }) {
  const { i18n } = useLingui();
  const table = openingHoursTable(hours, today);
  return (
    <table className="opening-hours">
      <caption>{caption}</caption>
      <tbody>
        {table.kind === 'open24h' ? (
          <tr>
            <td colSpan={2}>{open24hLabel(i18n.t)}</td>
          </tr>
        ) : (
          table.rows.map((row) => (
            <tr key={row.date} className={row.label.id === 'day.today' ? 'opening-hours__today' : undefined}>
              <th scope="row">{i18n._(row.label.id)}</th>
              <td>{row.text}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
