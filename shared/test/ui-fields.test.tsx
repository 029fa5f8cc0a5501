import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../src/testing/component-test-setup';
import { Checkbox } from '../src/ui/checkbox';
import { Field } from '../src/ui/field';
import { FieldGroup } from '../src/ui/field-group';
import { MemberOptions } from '../src/ui/member-options';
import { SelectField } from '../src/ui/select-field';
import { TextAreaField } from '../src/ui/text-area';
import { TextField, TextInput } from '../src/ui/text-field';

describe('form fields', () => {
  it('names each control by its label', () => {
    render(
      <>
        <TextField label="Name" />
        <TextAreaField label="Beschreibung" />
        <SelectField label="Priorität">
          <option>Hoch</option>
        </SelectField>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' }).tagName).toBe('INPUT');
    expect(screen.getByRole('textbox', { name: 'Beschreibung' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('combobox', { name: 'Priorität' }).tagName).toBe('SELECT');
  });

  it('reads the hint and the error with the control and marks it invalid', () => {
    render(<TextField label="E-Mail" hint="Mit Konto" error="Unbekannte Adresse" />);
    const field = screen.getByRole('textbox', { name: 'E-Mail' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Mit Konto', 'Unbekannte Adresse']);
    expect(screen.getByRole('alert').textContent).toBe('Unbekannte Adresse');
  });

  it('leaves a valid control unmarked and undescribed', () => {
    render(<TextField label="E-Mail" />);
    const field = screen.getByRole('textbox', { name: 'E-Mail' });
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect(field.hasAttribute('aria-describedby')).toBe(false);
  });

  it('gives two fields with the same label their own ids', () => {
    render(
      <>
        <TextField label="Name" />
        <TextField label="Name" />
      </>,
    );
    const [first, second] = screen.getAllByLabelText('Name');
    expect(first?.id).not.toBe(second?.id);
  });

  it('passes value, change handler, native attributes and the ref to the control', async () => {
    const ref = createRef<HTMLInputElement>();
    const Controlled = () => {
      const [value, setValue] = useState('');
      return (
        <TextField
          label="Titel"
          ref={ref}
          value={value}
          placeholder="Titel der Karte"
          onChange={(event) => setValue(event.target.value)}
        />
      );
    };
    render(<Controlled />);
    await userEvent.type(screen.getByPlaceholderText('Titel der Karte'), 'Fotos');
    expect(ref.current?.value).toBe('Fotos');
    expect(screen.getByLabelText('Titel')).toBe(ref.current);
  });

  it('reports a chosen option', async () => {
    const onChange = vi.fn();
    render(
      <SelectField label="Priorität" defaultValue="low" onChange={(e) => onChange(e.target.value)}>
        <option value="low">Niedrig</option>
        <option value="high">Hoch</option>
      </SelectField>,
    );
    await userEvent.selectOptions(screen.getByLabelText('Priorität'), 'Hoch');
    expect(onChange).toHaveBeenCalledWith('high');
  });

  it('labels any control, such as an input with a button beside it', () => {
    render(
      <Field label="Per E-Mail einladen" hint="Die Person braucht ein Konto.">
        {(control) => (
          <div>
            <TextInput type="email" {...control} />
            <button type="submit">Einladen</button>
          </div>
        )}
      </Field>,
    );
    const field = screen.getByRole('textbox', { name: 'Per E-Mail einladen' });
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Die Person braucht ein Konto.',
    );
  });
});

describe('checkbox and group', () => {
  it('names a group of radio buttons by its legend', async () => {
    render(
      <FieldGroup legend="Farbe">
        <label>
          <input type="radio" name="farbe" /> Blau
        </label>
      </FieldGroup>,
    );
    expect(screen.getByRole('group', { name: 'Farbe' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Blau'));
    expect((screen.getByRole('radio', { name: 'Blau' }) as HTMLInputElement).checked).toBe(true);
  });

  it('ticks a checkbox and reports it', async () => {
    const onChange = vi.fn();
    render(<Checkbox aria-label="Bestellen" onChange={(e) => onChange(e.target.checked)} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bestellen' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('member options', () => {
  it('offers the members by name, after the empty choice', async () => {
    const members = [
      {
        board_id: 'b',
        user_id: 'u-anna',
        profile: { full_name: 'Anna Schmidt', email: 'anna@x.de' },
      },
      { board_id: 'b', user_id: 'u-ben', profile: null },
    ] as unknown as Parameters<typeof MemberOptions>[0]['members'];
    render(
      <SelectField label="Verantwortlich" defaultValue="">
        <MemberOptions members={members} emptyLabel="Niemand" />
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Verantwortlich' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Niemand',
      'Anna Schmidt',
      'u-ben',
    ]);
    await userEvent.selectOptions(select, 'Anna Schmidt');
    expect((select as HTMLSelectElement).value).toBe('u-anna');
  });
});
