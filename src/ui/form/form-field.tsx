/**
 * A labelled form control with its error message: the message is tied to the control by
 * aria-describedby and marked aria-invalid (WCAG 3.3.1, 4.1.2). Texts come translated.
 */
import { useId, type ReactNode } from 'react';
import './form.css';

interface CommonProps {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  onBlur?: () => void;
}

type InputProps = CommonProps & {
  kind: 'text' | 'email' | 'tel' | 'password' | 'textarea';
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string | undefined;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | undefined;
  maxLength?: number | undefined;
};

function describedBy(ids: Array<string | false | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean | undefined }) {
  return (
    <label className="form-field__label" htmlFor={htmlFor}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

function Message({ id, error, hint }: { id: string; error?: string | undefined; hint?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function FormField(props: InputProps) {
  const id = useId();
  const common = {
    id,
    name: props.name,
    value: props.value,
    required: props.required,
    maxLength: props.maxLength,
    onBlur: props.onBlur,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy([props.hint && `${id}-hint`, props.error && `${id}-error`]),
    className: 'form-field__control',
  } as const;
  return (
    <div className={`form-field${props.error ? ' form-field--invalid' : ''}`}>
      <Label htmlFor={id} label={props.label} required={props.required} />
      {props.kind === 'textarea' ? (
        <textarea {...common} rows={6} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={props.kind}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      <Message id={id} error={props.error} hint={props.hint} />
    </div>
  );
}

export function SelectField(
  props: CommonProps & {
    value: string;
    onChange: (value: string) => void;
    options: ReadonlyArray<{ value: string; label: string }>;
    placeholder?: string;
    autoComplete?: string;
  },
) {
  const id = useId();
  return (
    <div className={`form-field${props.error ? ' form-field--invalid' : ''}`}>
      <Label htmlFor={id} label={props.label} required={props.required} />
      <select
        id={id}
        name={props.name}
        value={props.value}
        required={props.required}
        autoComplete={props.autoComplete}
        onBlur={props.onBlur}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy([props.hint && `${id}-hint`, props.error && `${id}-error`])}
        className="form-field__control"
      >
        {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Message id={id} error={props.error} hint={props.hint} />
    </div>
  );
}

export function CheckboxField(
  props: Omit<CommonProps, 'label'> & { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void },
) {
  const id = useId();
  return (
    <div className={`form-field form-field--checkbox${props.error ? ' form-field--invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        name={props.name}
        checked={props.checked}
        required={props.required}
        onBlur={props.onBlur}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <Message id={id} error={props.error} />
    </div>
  );
}

/** A form-level message: errors are alerts (announced at once), other news a status. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
