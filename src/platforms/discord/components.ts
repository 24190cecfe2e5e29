/**
 * The app's button grid as Discord message components. Discord allows at most 5 action rows of
 * at most 5 buttons (anchors-ecosystem.md §2.3); the app's grids are laid out for Telegram (a row
 * per listed play, six sources a row), but none holds more than 25 buttons — the largest, step
 * mode with every source, has at most 16 sources plus Undo, Confirm and Resign. So the grid is
 * repacked, never cut: long rows are split, then the shortest neighbouring rows merged until 5
 * remain (or, when no neighbours fit together, the buttons fill rows of five in order). Labels are clipped to Discord's 80 characters; a `custom_id` is the app's token as is
 * (≤ 64 characters, Discord allows 100).
 */
import type { APIActionRowComponent, APIButtonComponent } from 'discord-api-types/v10';
import type { Button } from '../../app/index.ts';

export const MAX_ROWS = 5;
export const MAX_PER_ROW = 5;
const LABEL_LIMIT = 80;
const ACTION_ROW = 1;
const BUTTON = 2;
const SECONDARY = 2;
const LINK = 5;

/** Returns the grid repacked into Discord's 5 × 5, or undefined when it holds more than 25 buttons. */
export function fitGrid<T>(rows: readonly (readonly T[])[]): T[][] | undefined {
  const fitted = rows.filter((row) => row.length > 0).flatMap((row) => fillRows([...row]));
  while (fitted.length > MAX_ROWS) {
    let best = -1;
    for (let i = 0; i + 1 < fitted.length; i++) {
      const size = fitted[i].length + fitted[i + 1].length;
      if (size <= MAX_PER_ROW && (best < 0 || size < fitted[best].length + fitted[best + 1].length)) best = i;
    }
    // No neighbours fit together: keep the order and fill rows of five (at most 25 buttons fit).
    if (best < 0) return fitted.flat().length <= MAX_ROWS * MAX_PER_ROW ? fillRows(fitted.flat()) : undefined;
    fitted.splice(best, 2, [...fitted[best], ...fitted[best + 1]]);
  }
  return fitted;
}

function fillRows<T>(items: T[]): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += MAX_PER_ROW) rows.push(items.slice(i, i + MAX_PER_ROW));
  return rows;
}

/** The buttons as action rows; a grid too large to fit is an app bug, reported by the caller. */
export function actionRows(grid: readonly (readonly Button[])[] | undefined): APIActionRowComponent<APIButtonComponent>[] | undefined {
  const fitted = fitGrid(grid ?? []);
  return fitted?.map((row) => ({ type: ACTION_ROW, components: row.map(component) }));
}

function component(button: Button): APIButtonComponent {
  const label = button.label.length > LABEL_LIMIT ? `${button.label.slice(0, LABEL_LIMIT - 1)}…` : button.label || '·';
  return 'url' in button
    ? { type: BUTTON, style: LINK, label, url: button.url }
    : { type: BUTTON, style: SECONDARY, label, custom_id: button.token };
}
