import {
  API_PATHS,
  kbCategoryPath,
  type TCreateKbCategoryRequest,
  type TKbManagedCategory,
  type TUpdateKbCategoryRequest,
} from '@helpdesk/contracts';
import { apiRequest } from '@helpdesk/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KB_MANAGED_CATEGORIES_KEY, refreshAfterCategoryChange } from './category-manage.ts';

/** Every category for staff, inactive ones too. */
export function useManagedCategories() {
  return useQuery<TKbManagedCategory[]>({ queryKey: KB_MANAGED_CATEGORIES_KEY });
}

/** POST /api/kb/categories, then the category lists and article lists are read again. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateKbCategoryRequest) =>
      apiRequest<TKbManagedCategory>('POST', API_PATHS.kbCategories, body),
    onSuccess: () => void refreshAfterCategoryChange(queryClient),
  });
}

/** PATCH /api/kb/categories/{id}: any field, a move (sortOrder) or (de)activation. */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateKbCategoryRequest }) =>
      apiRequest<TKbManagedCategory>('PATCH', kbCategoryPath(id), body),
    onSuccess: () => void refreshAfterCategoryChange(queryClient),
  });
}

/** DELETE /api/kb/categories/{id}: 409 while it still has articles. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', kbCategoryPath(id)),
    onSuccess: () => void refreshAfterCategoryChange(queryClient),
  });
}
