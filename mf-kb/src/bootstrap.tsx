import './standalone.css';
import ArticlePage from './exposes/article-page.tsx';
import KnowledgeBasePage from './exposes/knowledge-base-page.tsx';
import { mountHarness } from './standalone/harness.tsx';

mountHarness({
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
