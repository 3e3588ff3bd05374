import { API_PATHS, KB_IMAGE_TYPES, type TKbImage } from '@helpdesk/contracts';
import { apiUpload, Button, serverMessage, Textarea } from '@helpdesk/shared-ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@helpdesk/shared-ui/tabs';
import {
  Bold,
  Code,
  Heading,
  Italic,
  Link,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  Table,
} from 'lucide-react';
import { type ClipboardEvent, type DragEvent, type Ref, useRef, useState } from 'react';
import { MarkdownView } from '../markdown/markdown-view.tsx';
import {
  applyMarkdownCommand,
  imageMarkdown,
  insertText,
  MARKDOWN_COMMANDS,
  type TMarkdownCommand,
  type TTextEdit,
} from './markdown-commands.ts';
import { useArticleFormT } from './messages.ts';

const BUTTONS = {
  bold: { label: 'articleForm.bold', icon: Bold },
  italic: { label: 'articleForm.italic', icon: Italic },
  heading: { label: 'articleForm.heading', icon: Heading },
  bulletList: { label: 'articleForm.bulletList', icon: List },
  numberedList: { label: 'articleForm.numberedList', icon: ListOrdered },
  link: { label: 'articleForm.link', icon: Link },
  code: { label: 'articleForm.code', icon: Code },
  quote: { label: 'articleForm.quote', icon: Quote },
  table: { label: 'articleForm.table', icon: Table },
} as const satisfies Record<TMarkdownCommand, { label: string; icon: LucideIcon }>;

const isImage = (file: File) => (KB_IMAGE_TYPES as readonly string[]).includes(file.type);

let uploadCounter = 0;

type TProps = {
  id?: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  textareaRef: Ref<HTMLTextAreaElement>;
  disabled?: boolean;
  placeholder?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/**
 * The article body's editor: a Markdown toolbar acting on the selection, Write and Preview tabs
 * (the preview is the article page's renderer), and images pasted or dropped into the text
 * uploaded and put in at the cursor as `![name](url)`.
 */
export function MarkdownEditor({ value, onChange, textareaRef, disabled, ...textareaProps }: TProps) {
  const t = useArticleFormT();
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const latest = useRef(value);
  latest.current = value;
  const [tab, setTab] = useState('write');
  const [uploadError, setUploadError] = useState<string | null>(null);

  const setEdit = (edit: TTextEdit) => {
    latest.current = edit.value;
    onChange(edit.value);
    // After React writes the new value, put the selection back where the command left it.
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(edit.start, edit.end);
    });
  };

  const currentEdit = (): TTextEdit => ({
    value: latest.current,
    start: textarea.current?.selectionStart ?? latest.current.length,
    end: textarea.current?.selectionEnd ?? latest.current.length,
  });

  const uploadImages = (files: File[]) => {
    setUploadError(null);
    for (const file of files) {
      uploadCounter += 1;
      const placeholder = `![${t('articleForm.uploadingImage', { number: uploadCounter })}]()`;
      setEdit(insertText(currentEdit(), placeholder));
      apiUpload<TKbImage>(API_PATHS.kbImages, file)
        .then((image) => {
          onChange(latest.current.replace(placeholder, imageMarkdown(image.fileName, image.url)));
        })
        .catch((error: unknown) => {
          onChange(latest.current.replace(placeholder, ''));
          setUploadError(serverMessage(error) ?? t('articleForm.uploadFailed'));
        });
    }
  };

  const takeImages = (files: FileList | undefined, event: ClipboardEvent | DragEvent) => {
    const images = Array.from(files ?? []).filter(isImage);
    if (images.length === 0 || disabled) return;
    event.preventDefault();
    uploadImages(images);
  };

  return (
    <Tabs value={tab} onValueChange={setTab} className="gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TabsList aria-label={t('articleForm.editorMode')}>
          <TabsTrigger value="write" data-testid="content-write-tab">
            {t('articleForm.write')}
          </TabsTrigger>
          <TabsTrigger value="preview" data-testid="content-preview-tab">
            {t('articleForm.preview')}
          </TabsTrigger>
        </TabsList>
        {tab === 'write' && (
          <div
            role="toolbar"
            aria-label={t('articleForm.formatting')}
            className="flex flex-wrap items-center gap-0.5"
            data-testid="markdown-toolbar"
          >
            {MARKDOWN_COMMANDS.map((command) => {
              const { icon: Icon } = BUTTONS[command];
              const label = t(BUTTONS[command].label);
              return (
                <Button
                  key={command}
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={label}
                  title={label}
                  disabled={disabled}
                  // Keeps the textarea's selection: the button is not focused by a click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => setEdit(applyMarkdownCommand(command, currentEdit()))}
                  data-testid={`markdown-${command}`}
                >
                  <Icon className="size-4" aria-hidden />
                </Button>
              );
            })}
          </div>
        )}
      </div>
      <TabsContent value="write" forceMount className="data-[state=inactive]:hidden">
        <Textarea
          {...textareaProps}
          ref={(element) => {
            textarea.current = element;
            if (typeof textareaRef === 'function') textareaRef(element);
            else if (textareaRef) textareaRef.current = element;
          }}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onPaste={(event) => takeImages(event.clipboardData?.files, event)}
          onDrop={(event) => takeImages(event.dataTransfer?.files, event)}
          disabled={disabled}
          rows={10}
          className="max-h-96 min-h-40 font-mono text-sm"
        />
      </TabsContent>
      <TabsContent value="preview">
        <div className="max-h-96 min-h-40 overflow-y-auto rounded-md border px-3 py-2">
          {value.trim() === '' ? (
            <p className="text-sm text-muted-foreground">{t('articleForm.nothingToPreview')}</p>
          ) : (
            <MarkdownView markdown={value} testId="article-preview" />
          )}
        </div>
      </TabsContent>
      {uploadError && (
        <p className="text-sm text-destructive" role="alert" data-testid="image-upload-error">
          {uploadError}
        </p>
      )}
    </Tabs>
  );
}
