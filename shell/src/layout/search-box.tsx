import { Input } from '@helpdesk/shared-ui';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';

/** The header search. Spec section 2: submitting only logs the text; the search issue adds results. */
export function SearchBox() {
  const [text, setText] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    console.info('Search submitted:', text);
  }

  return (
    <search className="hidden w-80 lg:block">
      <form onSubmit={handleSubmit} className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search tickets, users, or KB articles..."
          aria-label="Search tickets, users, or KB articles"
          className="bg-background pl-9"
        />
      </form>
    </search>
  );
}
