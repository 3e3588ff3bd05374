import { PORTS } from '@helpdesk/tooling/ports';
import { remoteRsbuildConfig } from '@helpdesk/tooling/remote-rsbuild-config';

export default remoteRsbuildConfig({
  name: 'mf_kb',
  appDir: import.meta.dirname,
  port: PORTS.mfKb,
  exposes: {
    './KnowledgeBasePage': './src/exposes/knowledge-base-page.tsx',
    './ArticlePage': './src/exposes/article-page.tsx',
  },
});
