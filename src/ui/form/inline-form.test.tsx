// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InlineForm } from './inline-form';

describe('InlineForm', () => {
  it('labels its field, submits by its button and shows what it says below the row', () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <InlineForm label="Discount code" submit="Apply" onSubmit={onSubmit} input={{ name: 'code', maxLength: 40 }}>
        <p role="alert">Unknown code</p>
      </InlineForm>,
    );
    const field = screen.getByRole('textbox', { name: 'Discount code' });
    expect(field.getAttribute('maxlength')).toBe('40');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('Unknown code');
  });

  it('keeps an id it is given (a hint refers to it) and the search role, primary style and disabled button', () => {
    render(
      <InlineForm
        role="search"
        label="Search"
        submit="Go"
        primary
        submitDisabled
        onSubmit={() => undefined}
        input={{ id: 'q-field', type: 'search', name: 'q' }}
      />,
    );
    expect(screen.getByRole('searchbox', { name: 'Search' }).id).toBe('q-field');
    expect(screen.getByRole('search')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Go' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.className).toBe('button button--primary');
  });
});
