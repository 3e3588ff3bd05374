import { describe, expect, test } from 'bun:test';
import { describeMismatch, RemoteIncompatibleError } from './remote-incompatible-error.ts';
import { findSharedMismatches } from './shared-compatibility.ts';

const HOST = {
  react: { version: '19.3.1', requiredVersion: '^19.0.0' },
  '@helpdesk/contracts': { version: '0.1.0', requiredVersion: '^0.1.0' },
};

describe('findSharedMismatches', () => {
  test('a remote built with the same ranges fits', () => {
    expect(
      findSharedMismatches(
        [
          { name: 'react', version: '19.2.0', requiredVersion: '^19.0.0' },
          { name: '@helpdesk/contracts', version: '0.1.4', requiredVersion: '^0.1.0' },
        ],
        HOST,
      ),
    ).toEqual([]);
  });

  test('a remote that needs a newer contracts than the shell provides is named with both versions', () => {
    const mismatches = findSharedMismatches(
      [{ name: '@helpdesk/contracts', version: '0.2.0', requiredVersion: '^0.2.0' }],
      HOST,
    );
    expect(mismatches).toEqual([
      {
        packageName: '@helpdesk/contracts',
        remoteVersion: '0.2.0',
        remoteRequires: '^0.2.0',
        shellVersion: '0.1.0',
        shellRequires: '^0.1.0',
      },
    ]);
    const [mismatch] = mismatches;
    if (mismatch === undefined) throw new Error('expected a mismatch');
    expect(describeMismatch('mf_kb', mismatch)).toBe(
      'mf_kb needs @helpdesk/contracts ^0.2.0 (built with 0.2.0); the shell provides 0.1.0 and accepts ^0.1.0.',
    );
  });

  test('a remote built with an older major than the shell accepts is refused even if its range is loose', () => {
    const mismatches = findSharedMismatches(
      [{ name: 'react', version: '18.3.1', requiredVersion: '>=18.0.0' }],
      HOST,
    );
    expect(mismatches.map((mismatch) => mismatch.packageName)).toEqual(['react']);
  });

  test('packages only one side shares, and ranges switched off, are not compared', () => {
    expect(
      findSharedMismatches(
        [
          { name: 'lucide-react', version: '1.0.0', requiredVersion: '^1.0.0' },
          { name: 'react', version: '19.0.0', requiredVersion: false },
        ],
        HOST,
      ),
    ).toEqual([]);
  });

  test('the error names every mismatch', () => {
    const error = new RemoteIncompatibleError(
      'mf_admin',
      findSharedMismatches(
        [
          { name: 'react', version: '20.0.0', requiredVersion: '^20.0.0' },
          { name: '@helpdesk/contracts', version: '1.0.0', requiredVersion: '^1.0.0' },
        ],
        HOST,
      ),
    );
    expect(error.mismatches).toHaveLength(2);
    expect(error.message).toContain('mf_admin needs react ^20.0.0');
    expect(error.message).toContain('mf_admin needs @helpdesk/contracts ^1.0.0');
  });
});
