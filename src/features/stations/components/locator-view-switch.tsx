/**
 * The list/map switch at the top of the locator on a narrow screen (docs/stations.md "On
 * a phone"): two toggle buttons, the pressed one says what is shown. The choice is kept
 * in the address (`view=map`), so a shared link and the back button open the same view.
 * A wide screen shows the list and the map side by side and hides the switch.
 */
import { useLingui } from '@lingui/react';
import type { LocatorQuery } from '../locator-query';
import { STATIONS_VIEW_IDS } from '../message-ids';

type LocatorView = LocatorQuery['view'];

export function LocatorViewSwitch({ view, onChange }: { view: LocatorView; onChange: (view: LocatorView) => void }) {
  const { i18n } = useLingui();
  return (
    <div className="locator-view-switch" role="group" aria-label={i18n._('stations.view.label')}>
      {(['list', 'map'] as const).map((option) => (
        <button
          key={option}
          type="button"
          className="locator-view-switch__button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
        >
          {i18n._(STATIONS_VIEW_IDS[option] ?? `stations.view.${option}`)}
        </button>
      ))}
    </div>
  );
}
