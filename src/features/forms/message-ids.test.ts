import { describe, expect, it } from 'vitest';
import { CONTACT_FORM_FIELDS } from '#shared/rules/forms';
import { FORMS_FIELD_IDS, FORMS_OPTION_IDS } from './message-ids';

// The contact form takes its labels from these tables; a field missing from them would
// show its raw id, and `lingui extract` could not see that the id is needed here.
describe('the contact forms’ message ids', () => {
  const fields = Object.values(CONTACT_FORM_FIELDS).flat();

  it('name a label for every field', () => {
    for (const field of fields) expect(FORMS_FIELD_IDS[field.name], field.name).toBe(`forms.field.${field.name}`);
  });

  it('name a label for every option of a select field', () => {
    for (const field of fields)
      for (const option of field.options ?? [])
        expect(FORMS_OPTION_IDS[`${field.name}.${option}`], option).toBe(`forms.${field.name}.${option}`);
  });
});
