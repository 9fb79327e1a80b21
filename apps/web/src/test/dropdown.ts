import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The PrimeReact Dropdown labelled `label` (the label points at its hidden accessible input). */
export function dropdown(label: string, container: HTMLElement = document.body): HTMLElement {
  const input = within(container).getByLabelText(label, { selector: 'input' });
  return input.closest('.p-dropdown') as HTMLElement;
}

// jsdom lays nothing out, and PrimeReact's overlay positioning leaves the open panel at display:none
// there: the options are found with `hidden: true` (in a browser they are plainly visible).

/** Opens the Dropdown labelled `label` and picks `option` as a user would. */
export async function choose(user: UserEvent, label: string, option: string, container?: HTMLElement): Promise<void> {
  await user.click(dropdown(label, container));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** The option texts of the Dropdown labelled `label` (opens it, reads, closes it with Escape). */
export async function optionsOf(user: UserEvent, label: string, container?: HTMLElement): Promise<string[]> {
  await user.click(dropdown(label, container));
  const list = await screen.findByRole('listbox', { hidden: true });
  const texts = [...list.querySelectorAll('.p-dropdown-item')].map((o) => o.getAttribute('aria-label') ?? '');
  await user.keyboard('{Escape}');
  return texts;
}

/** The text the Dropdown shows (the chosen option's label or its placeholder). */
export function shownIn(label: string, container?: HTMLElement): string {
  return dropdown(label, container).querySelector('.p-dropdown-label')?.textContent ?? '';
}
