import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { CardTable, CardTableBody, CardTableCell, CardTableHeader, CardTableRow } from './card-table.tsx';
import { TableHead, TableRow } from './table.tsx';

const html = renderToStaticMarkup(
  <CardTable>
    <CardTableHeader>
      <TableRow>
        <TableHead>When</TableHead>
      </TableRow>
    </CardTableHeader>
    <CardTableBody>
      <CardTableRow>
        <CardTableCell label="When">Mar 3, 2026</CardTableCell>
        <CardTableCell>placeholder</CardTableCell>
        <CardTableCell label="Role" labelBeside>
          agent
        </CardTableCell>
      </CardTableRow>
    </CardTableBody>
  </CardTable>,
);

describe('CardTable', () => {
  test('below md the header is for screen readers only and each named cell shows its name', () => {
    expect(html).toMatch(/<thead[^>]*class="[^"]*max-md:sr-only/);
    expect(html).toMatch(/<td [^>]*max-md:before:content-\[attr\(data-label\)\][^>]*data-label="When">Mar 3/);
  });

  test('below md a long word in a cell breaks instead of widening the cards', () => {
    expect(html).toMatch(/<td [^>]*class="[^"]*max-md:wrap-anywhere[^>]*>placeholder/);
  });

  test('a cell without a name gets no name slot', () => {
    expect(html).toMatch(/<td data-slot="table-cell" class="(?![^"]*before:content)[^"]*">placeholder/);
  });

  test('a name beside its value is real text, hidden from md up, on a line it can share', () => {
    const cell = html.match(/<td [^>]*data-label="Role">.*?<\/td>/)?.[0] ?? '';
    expect(cell).toMatch(/^<td [^>]*class="[^"]*max-md:inline-flex/);
    expect(cell).not.toContain('before:content');
    expect(cell).toMatch(/<span [^>]*class="[^"]*md:hidden[^"]*">Role<\/span>agent<\/td>$/);
  });
});
