import { noteRenderTags, recordRenderTags } from './render-tags.cjs';

const later = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('render tags', () => {
  it('records the tags noted while a render runs, however asynchronously, but implicit path tags', async () => {
    const tags = new Set<string>();
    await recordRenderTags(tags, async () => {
      noteRenderTags(['material:1', '_N_T_/de/material/1/x']);
      await later();
      setImmediate(() => noteRenderTags(['world:de']));
      await later();
    });
    expect([...tags]).toEqual(['material:1', 'world:de']);
  });

  it('keeps two renders running at once apart, and notes nothing outside a render', async () => {
    const one = new Set<string>();
    const two = new Set<string>();
    noteRenderTags(['author:1']);
    await Promise.all([
      recordRenderTags(one, async () => {
        await later();
        noteRenderTags(['material:1']);
        await later();
        noteRenderTags(['world:de']);
      }),
      recordRenderTags(two, async () => {
        noteRenderTags(['material:2']);
        await later();
        await later();
        noteRenderTags(['world:it']);
      }),
    ]);
    expect([...one].sort()).toEqual(['material:1', 'world:de']);
    expect([...two].sort()).toEqual(['material:2', 'world:it']);
  });
});
