import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { getBlogPost, type BlogPost } from '@/lib/catalog/landings';
import { pathFor } from '@/lib/routing/localized-routes';
import { buildPageMetadata } from '@/lib/seo/page-metadata';
import { htmlToText, sanitizePostHtml } from '@/lib/text/sanitize';
import { isWorldCode } from '@/lib/worlds/worlds';
import { requireId } from './params';
import type { PageProps, PageView } from './types';

async function load(props: PageProps): Promise<BlogPost> {
  const id = requireId(props.params.id);
  const post = await getBlogPost(id);
  if (!post || !isWorldCode(post.world) || post.world !== props.world.code) notFound();
  return post;
}

/** A blog post of an author. */
export const BlogPostPage: PageView = {
  async metadata(props) {
    const post = await load(props);
    return buildPageMetadata({
      title: post.title,
      description: htmlToText(post.body),
      robots: props.route.robots,
      world: post.world,
      worlds: [post.world],
      pathInWorld: (world) => pathFor(world, 'blog-post', { id: String(post.id) }),
    });
  },
  async render(props) {
    const post = await load(props);
    const t = await getTranslations('blogpost');
    const format = await getFormatter();
    return (
      <article className="blog-post">
        <h1>{post.title}</h1>
        <p className="post-meta">
          {t('byline')}{' '}
          <Link
            href={pathFor(props.world.code, 'author', {
              id: String(post.author.id),
              slug: post.author.slug,
              tab: 'blog',
            })}
            prefetch={false}
          >
            {post.author.publicName}
          </Link>
          {' · '}
          <time dateTime={post.publishedAt}>{format.dateTime(new Date(post.publishedAt), { dateStyle: 'long' })}</time>
        </p>
        <div className="blog-body" dangerouslySetInnerHTML={{ __html: sanitizePostHtml(post.body) }} />
      </article>
    );
  },
};
