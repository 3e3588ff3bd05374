import './standalone.css';
import { mountHarness } from '@helpdesk/shared-ui/standalone';
import ArticlePage from './exposes/article-page.tsx';
import KnowledgeBasePage from './exposes/knowledge-base-page.tsx';

mountHarness({
  apiOrigin: __API_ORIGIN__,
  shellOrigin: __SHELL_ORIGIN__,
  title: 'mf-kb standalone',
  roles: ['admin', 'agent', 'end_user'],
  pages: [
    {
      path: '/',
      href: '/',
      label: 'Knowledge Base',
      render: (user) => <KnowledgeBasePage currentUser={user} />,
    },
    { path: '/kb', label: 'Knowledge Base', render: (user) => <KnowledgeBasePage currentUser={user} /> },
    {
      path: '/kb/article/$articleId',
      label: 'Article',
      render: (user, params) => <ArticlePage currentUser={user} articleId={params.articleId ?? ''} />,
    },
  ],
});
