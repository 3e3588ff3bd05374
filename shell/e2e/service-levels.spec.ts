import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { instantOfWallTime } from '../../api/src/sla/business-time.ts';
import { createDeskClock, type DeskClock } from './harness/desk-clock.ts';
import { E2E } from './harness/e2e-config.ts';
import {
  signInAsTrialAdmin,
  startTrialDesk,
  stopTrialDesk,
  type TrialDesk,
  waitForLine,
} from './harness/trial-desk.ts';
import { toastText } from './support.ts';

/**
 * Service levels from an empty desk, on a pretend wall clock (harness/desk-clock.ts): the first admin
 * sets up Berlin office hours with a holiday on the coming Monday and a high-priority policy on them
 * (4 working hours to respond, 16 to resolve); a high ticket filed on Friday at 16:00 Berlin time is
 * due for response on Tuesday at 12:00 and for resolution on Wednesday at 16:00; waiting on the
 * requester for two working hours on Tuesday moves the resolution to Thursday at 10:00.
 */
const FIRST_PORT = E2E.ports.shell + 321;
const ZONE = 'Europe/Berlin';
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

let desk: TrialDesk;
let clock: DeskClock;
let dir: string;

/** The local date (as a UTC midnight) of the next Friday at least two days from now in Berlin. */
function comingFriday(): number {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now());
  let day = Date.parse(`${today}T00:00:00Z`) + 2 * DAY_MS;
  while (new Date(day).getUTCDay() !== 5) day += DAY_MS;
  return day;
}

const friday = comingFriday();
const isoDate = (day: number) => new Date(day).toISOString().slice(0, 10);
/** The instant a Berlin wall-clock time happens, `days` after that Friday. */
const berlin = (days: number, hour: number) =>
  new Date(instantOfWallTime(ZONE, friday + days * DAY_MS + hour * HOUR_MS));

/**
 * A deadline as the card shows it: in the desk's display zone (UTC on a new desk), with the calendar's
 * Berlin time in brackets.
 */
const berlinTime = (weekday: string, time: string) =>
  new RegExp(`${weekday} \\d+ \\w+, \\d\\d:\\d\\d \\(${time} Berlin time\\)`);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), 'helpdesk-service-levels-'));
  clock = createDeskClock(dir, berlin(0, 15));
  desk = startTrialDesk(join(dir, 'desk'), FIRST_PORT, clock.env);
  await waitForLine(desk, /helpdesk running at/, 90_000);
});

test.afterAll(async () => {
  await stopTrialDesk(desk);
  rmSync(dir, { recursive: true, force: true });
});

/** Presses a control from the keyboard. */
async function press(control: Locator, key = 'Enter') {
  await control.focus();
  await control.press(key);
}

/** Opens a select of the open dialog from the keyboard and picks one of its options. */
async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await press(dialog.getByLabel(label, { exact: true }));
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test('office hours with a holiday: deadlines skip the weekend and the holiday, and waiting moves the resolution', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsTrialAdmin(page, desk);
  await page.goto(`${desk.url}/admin/service-levels`);

  // The calendar: Monday to Friday 09:00-17:00 in Berlin, the coming Monday off.
  await press(page.getByRole('button', { name: 'New calendar' }));
  const calendarDialog = page.getByTestId('calendar-form-dialog');
  await calendarDialog.getByLabel('Calendar name *').fill('Berlin office');
  await calendarDialog.getByLabel(/^Time zone/).fill(ZONE);
  await press(calendarDialog.getByRole('button', { name: 'Mon-Fri 9-17' }));
  await press(calendarDialog.getByRole('button', { name: 'Add holiday' }));
  await calendarDialog.getByLabel('Holiday 1 date').fill(isoDate(friday + 3 * DAY_MS));
  await calendarDialog.getByLabel('Holiday 1 name').fill('Bridge day');
  await press(calendarDialog.getByRole('button', { name: 'Create Calendar' }));
  await expect(toastText(page, 'Calendar created')).toBeVisible();

  // The policy: high priority, 4 working hours to respond, 16 to resolve, in that calendar.
  await press(page.getByRole('button', { name: 'New policy' }));
  const policyDialog = page.getByTestId('policy-form-dialog');
  await policyDialog.getByLabel('Policy name *').fill('High, office hours');
  await choose(page, policyDialog, 'Priority *', 'High');
  await policyDialog.getByLabel('First response within *').fill('4');
  await policyDialog.getByLabel('Resolution within *').fill('16');
  await choose(page, policyDialog, 'Business calendar', 'Berlin office');
  await press(policyDialog.getByRole('button', { name: 'Create Policy' }));
  await expect(toastText(page, 'SLA policy created')).toBeVisible();

  // Friday 16:00 in Berlin: a high ticket.
  clock.set(berlin(0, 16));
  await page.goto(`${desk.url}/tickets`);
  await press(page.getByRole('button', { name: 'New Ticket' }));
  const create = page.getByTestId('create-ticket-dialog');
  await choose(page, create, 'Priority', 'High');
  await create.getByLabel('Subject').fill('The VPN drops every hour');
  await create.getByLabel('Description').fill('Since this morning the VPN disconnects every hour.');
  await create.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const ticketUrl = page.url();

  const card = page.getByTestId('sla-card');
  await expect(card).toContainText('High, office hours');
  await expect(card).toContainText('Berlin office');
  const response = card.locator('li', { hasText: 'Response:' });
  const resolution = card.locator('li', { hasText: 'Resolution:' });
  await expect(response).toContainText(berlinTime('Tue', '12:00'));
  await expect(resolution).toContainText(berlinTime('Wed', '16:00'));

  // Tuesday 09:00: the desk waits on the requester for two working hours, then resumes.
  clock.set(berlin(4, 9));
  await signInAsTrialAdmin(page, desk);
  await page.goto(ticketUrl);
  await press(page.getByRole('button', { name: 'Wait on requester' }));
  const form = page.getByRole('dialog', { name: 'Wait on requester' });
  await press(form.getByRole('button', { name: 'Confirm' }));
  await expect(card).toContainText('Waiting on requester');

  clock.advance(2 * HOUR_MS);
  await press(page.getByRole('button', { name: 'Resume' }));
  await expect(card).not.toContainText('Waiting on requester');
  await expect(response).toContainText(berlinTime('Tue', '12:00'));
  await expect(resolution).toContainText(berlinTime('Thu', '10:00'));
  await expect(card).toContainText(
    'Waited on the requester for 2 h of working time; the resolution deadline moved by as much',
  );
});
