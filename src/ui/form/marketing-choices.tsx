import { MARKETING_CHOICES, type MarketingChoice } from '#shared/account-types';
import { CheckboxField } from './form-field';

/**
 * The marketing permissions (e-mail, text message) as one group of checkboxes, as the
 * registration, the account details and the checkout ask for them; each caller names the
 * group and the choices in its own words.
 */
export function MarketingChoices({
  legend,
  labels,
  value,
  onChange,
}: {
  legend: string;
  labels: Record<MarketingChoice, string>;
  value: readonly MarketingChoice[];
  onChange: (value: MarketingChoice[]) => void;
}) {
  return (
    <fieldset className="form-fieldset">
      <legend>{legend}</legend>
      {MARKETING_CHOICES.map((choice) => (
        <CheckboxField
          key={choice}
          name={`marketing-${choice}`}
          label={labels[choice]}
          checked={value.includes(choice)}
          onChange={(checked) => {
            const others = value.filter((entry) => entry !== choice);
            onChange(checked ? [...others, choice] : others);
          }}
        />
      ))}
    </fieldset>
  );
}
