import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_ATTRIBUTE, useTakeLostFocus } from '../src/ui/lost-focus';
import { Modal } from '../src/ui/modal';

afterEach(cleanup);

/** A page whose dialog is opened by a button that leaves the page while the dialog is open. */
const Page = ({ returnTo }: { returnTo?: string }) => {
  const [open, setOpen] = useState(false);
  const [triggerShown, setTriggerShown] = useState(true);
  return (
    <>
      <h2 tabIndex={-1} {...{ [FALLBACK_ATTRIBUTE]: true }}>
        Board
      </h2>
      <button type="button">Karte</button>
      {triggerShown ? (
        <button type="button" onClick={() => setOpen(true)}>
          Öffnen
        </button>
      ) : null}
      {open ? (
        <Modal
          title="Dialog"
          onClose={() => setOpen(false)}
          returnFocus={returnTo ? () => screen.getByRole('button', { name: returnTo }) : undefined}
        >
          <button type="button" onClick={() => setTriggerShown(false)}>
            Auslöser entfernen
          </button>
        </Modal>
      ) : null}
    </>
  );
};

const closeAfterTheTriggerLeft = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
  await userEvent.click(screen.getByRole('button', { name: 'Auslöser entfernen' }));
  await userEvent.keyboard('{Escape}');
};

describe('a dialog closed after the element that opened it left the page', () => {
  it("gives the focus to the page's fallback, not to the body", async () => {
    render(<Page />);
    await closeAfterTheTriggerLeft();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Board' }));
  });

  it('gives it to the element the dialog names, when it has one', async () => {
    render(<Page returnTo="Karte" />);
    await closeAfterTheTriggerLeft();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Karte' }));
  });
});

const Heading = () => {
  const ref = useRef<HTMLHeadingElement>(null);
  useTakeLostFocus(ref);
  return (
    <h2 ref={ref} tabIndex={-1}>
      Board
    </h2>
  );
};

describe('the page heading', () => {
  it('takes the focus when it appears while the body has it (after sign-in)', () => {
    render(<Heading />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Board' }));
  });

  it('leaves the focus where the user has it', async () => {
    const Both = () => {
      const [shown, setShown] = useState(false);
      return (
        <>
          <input aria-label="Suche" onChange={() => setShown(true)} />
          {shown ? <Heading /> : null}
        </>
      );
    };
    render(<Both />);
    const search = screen.getByRole('textbox', { name: 'Suche' });
    act(() => search.focus());
    await userEvent.type(search, 'x');
    expect(screen.getByRole('heading', { name: 'Board' })).toBeTruthy();
    expect(document.activeElement).toBe(search);
  });
});
