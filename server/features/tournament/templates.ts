import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import type { CreateTournament } from '../../../shared/contracts/tournament.js';
import type { MapsService } from '../maps/index.js';

type TemplateInput = Omit<CreateTournament, 'name' | 'teamIds'> & { name: string };

/** Saved tournament setups (type, format, settings) to start the next tournament from. */
export function createTemplatesService(ctx: AppContext, maps: Pick<MapsService, 'assertMapsExist'>) {
  const repo = ctx.repos.tournaments;
  const assertPool = (input: TemplateInput) => {
    if (input.settings.mapPool) {
      maps.assertMapsExist(input.settings.mapPool, 'settings.mapPool');
    }
  };

  return {
    list: () => repo.templates(),
    get(id: number) {
      const tpl = repo.template(id);
      if (!tpl) {
        throw notFound(`Template ${id}`);
      }
      return tpl;
    },
    create(input: TemplateInput) {
      assertPool(input);
      return repo.template(repo.insertTemplate(input, ctx.clock.now()))!;
    },
    update(id: number, input: TemplateInput) {
      assertPool(input);
      if (!repo.updateTemplate({ id, ...input }, ctx.clock.now())) {
        throw notFound(`Template ${id}`);
      }
      return repo.template(id)!;
    },
    delete(id: number) {
      if (!repo.deleteTemplate(id)) {
        throw notFound(`Template ${id}`);
      }
    },
  };
}
