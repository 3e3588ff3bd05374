import { describe, expect, test } from 'bun:test';
import { LIMITS } from '@helpdesk/contracts';
import { ApiRequestError } from '@helpdesk/shared-ui';
import {
  addAttachmentFiles,
  attachmentFileError,
  type TFileLike,
  uploadFailureMessage,
} from './attachment-files.ts';

const file = (name: string, size: number, lastModified = 1): TFileLike => ({ name, size, lastModified });

describe('attachmentFileError', () => {
  test('10 MB is allowed, one byte more is refused with the file name', () => {
    expect(attachmentFileError(file('ok.pdf', LIMITS.maxAttachmentBytes))).toBeNull();
    expect(attachmentFileError(file('big.zip', LIMITS.maxAttachmentBytes + 1))).toBe(
      'big.zip is larger than 10MB (10240.0 KB), so it was not added.',
    );
  });

  test('an empty file is refused', () => {
    expect(attachmentFileError(file('empty.txt', 0))).toBe('empty.txt is empty.');
  });
});

describe('addAttachmentFiles', () => {
  test('keeps the chosen files and adds new ones in order', () => {
    const a = file('a.txt', 10);
    const b = file('b.txt', 20);
    expect(addAttachmentFiles([a], [b])).toEqual({ files: [a, b], errors: [] });
  });

  test('refuses too-large files and still adds the others', () => {
    const ok = file('ok.txt', 10);
    const big = file('big.iso', LIMITS.maxAttachmentBytes + 1);
    const result = addAttachmentFiles([], [big, ok]);
    expect(result.files).toEqual([ok]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain('big.iso');
  });

  test('the same file chosen twice is kept once, silently', () => {
    const a = file('a.txt', 10, 5);
    expect(addAttachmentFiles([a], [file('a.txt', 10, 5)])).toEqual({ files: [a], errors: [] });
    // Same name, different content: a different file.
    expect(addAttachmentFiles([a], [file('a.txt', 11, 5)]).files).toHaveLength(2);
  });

  test('stops at the maximum and says how many were left out', () => {
    const chosen = [file('1', 1), file('2', 1)];
    const result = addAttachmentFiles(chosen, [file('3', 1), file('4', 1), file('5', 1)], 3);
    expect(result.files.map((f) => f.name)).toEqual(['1', '2', '3']);
    expect(result.errors).toEqual(['You can attach up to 3 files; 2 more were left out.']);
    expect(addAttachmentFiles(result.files, [file('6', 1)], 3).errors).toEqual([
      'You can attach up to 3 files; 1 more was left out.',
    ]);
  });
});

describe('uploadFailureMessage', () => {
  test("the server's reason, or a generic text when no answer came", () => {
    const tooLarge = new ApiRequestError(
      413,
      '',
      JSON.stringify({ code: 'PAYLOAD_TOO_LARGE', message: 'File is larger than 10 MB' }),
    );
    expect(uploadFailureMessage(tooLarge)).toBe('File is larger than 10 MB');
    expect(uploadFailureMessage(new ApiRequestError(502, 'Bad Gateway', ''))).toBe(
      'The upload did not reach the server.',
    );
    expect(uploadFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'The upload did not reach the server.',
    );
  });
});
