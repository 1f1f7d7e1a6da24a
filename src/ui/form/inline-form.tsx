/**
 * One labelled field and its button on one row (wrapping on a narrow screen): the site
 * search, the 404 page's search, a discount code, a wash code. The label names the field
 * (WCAG 1.3.1); what the form says back (an error, a hint) goes below the row as children.
 */
import { useId, type FormEventHandler, type InputHTMLAttributes, type ReactNode } from 'react';
import './inline-form.css';

export interface InlineFormProps {
  label: ReactNode;
  /** The button's text. */
  submit: ReactNode;
  /** The field's attributes; its id is made here unless given (an error or hint refers to it). */
  input: InputHTMLAttributes<HTMLInputElement>;
  /** The page's main action: the primary button style. */
  primary?: boolean;
  submitDisabled?: boolean;
  className?: string;
  role?: 'search';
  method?: 'get' | 'post';
  action?: string;
  noValidate?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Below the row: the form's error or hint. */
  children?: ReactNode;
}

export function InlineForm({
  label,
  submit,
  input,
  primary = false,
  submitDisabled,
  children,
  className,
  ...form
}: InlineFormProps) {
  const madeId = useId();
  const id = input.id ?? madeId;
  return (
    <form className={className ? `inline-form ${className}` : 'inline-form'} {...form}>
      <label htmlFor={id} className="inline-form__label">
        {label}
      </label>
      <div className="inline-form__row">
        <input {...input} id={id} className="inline-form__input" />
        <button type="submit" className={primary ? 'button button--primary' : 'button'} disabled={submitDisabled}>
          {submit}
        </button>
      </div>
      {children}
    </form>
  );
}
