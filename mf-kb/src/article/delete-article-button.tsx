import { kbArticlePath, type TKbArticle } from '@helpdesk/contracts';
import { apiRequest, Button, Spinner, serverMessage, toast } from '@helpdesk/shared-ui';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@helpdesk/shared-ui/alert-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { articleKey, refreshAfterArticleChange } from '../kb/kb-query-keys.ts';
import { useArticleT } from './messages.ts';

/** Delete Article (admins): after a confirmation the article is gone for good and the reader is back on /kb. */
export function DeleteArticleButton({ article }: { article: Pick<TKbArticle, 'id' | 'title'> }) {
  const t = useArticleT();
  const [isOpen, setIsOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => apiRequest<void>('DELETE', kbArticlePath(article.id)),
    onSuccess: async () => {
      toast({ title: t('article.deleted') });
      setIsOpen(false);
      await navigate({ to: '/kb' });
      queryClient.removeQueries({ queryKey: articleKey(article.id), exact: true });
      await refreshAfterArticleChange(queryClient, null);
    },
    onError: (error) =>
      toast({
        title: t('article.deleteFailed'),
        description: serverMessage(error) ?? t('article.tryLater'),
        variant: 'destructive',
      }),
  });
  return (
    <>
      <Button
        variant="outline"
        className="text-destructive hover:text-destructive"
        onClick={() => setIsOpen(true)}
        data-testid="delete-article-button"
      >
        <Trash2 className="size-4" aria-hidden />
        {t('article.delete')}
      </Button>
      <AlertDialog open={isOpen} onOpenChange={(next) => (remove.isPending ? undefined : setIsOpen(next))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('article.deleteTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('article.deleteText', { title: article.title })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{t('article.cancel')}</AlertDialogCancel>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending && <Spinner aria-hidden />}
              {t('article.deleteConfirm')}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
