import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { OptionSelect } from './select.tsx';

const OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

const firstRender = renderToStaticMarkup(
  <OptionSelect label="Status" value="open" options={OPTIONS} onValueChange={() => {}} className="w-40" />,
);

describe('OptionSelect', () => {
  test('its first render is a plain button named and showing the chosen option, as the select will', () => {
    const button = firstRender.match(/^<button [^>]*>/)?.[0] ?? '';
    expect(button).toContain('type="button"');
    expect(button).toContain('role="combobox"');
    expect(button).toContain('aria-expanded="false"');
    expect(button).toContain('aria-label="Status"');
    expect(button).toMatch(/class="[^"]*h-9[^"]*w-40"/);
    expect(firstRender.replace(/<[^>]+>/g, '')).toBe('Open');
  });

  test('its first render mounts none of the select: no hidden items, no native select beside it', () => {
    expect(firstRender).not.toContain('<select');
    expect(firstRender).not.toContain('All statuses');
    expect(firstRender).not.toContain('aria-controls');
    expect(firstRender.match(/<button/g)).toHaveLength(1);
  });
});

describe('OptionSelect beside a visible label', () => {
  test('the stand-in carries the id the label points at, the test id and the disabled state', () => {
    const html = renderToStaticMarkup(
      <OptionSelect
        id="status-field"
        label="Status"
        value="open"
        options={OPTIONS}
        onValueChange={() => {}}
        disabled
        testId="status-select"
      />,
    );
    const button = html.match(/^<button [^>]*>/)?.[0] ?? '';
    expect(button).toContain('id="status-field"');
    expect(button).toContain('data-testid="status-select"');
    expect(button).toMatch(/ disabled=""/);
  });
});
