import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import type { CreateTournament, StagesInput } from '../../../shared/contracts/tournament.js';
import type { MapsService } from '../maps/index.js';
import { assertStageSetup } from './stage-checks.js';

type TemplateInput = Omit<CreateTournament, 'name' | 'teamIds'> & { name: string };

/** Saved tournament setups (type, format, settings, stages) to start the next tournament from. */
export function createTemplatesService(
  ctx: AppContext,
  maps: Pick<MapsService, 'assertMapsExist' | 'poolProblems'>,
) {
  const repo = ctx.repos.tournaments;
  /** The input as stored, after the checks a tournament's create makes without its teams. */
  const checked = async (input: TemplateInput) => {
    if (input.settings.mapPool) {
      await maps.assertMapsExist(input.settings.mapPool, 'settings.mapPool');
    }
    const stages = (input.stages as StagesInput | undefined) ?? null;
    // A veto is on unless the template turns it off, as on a tournament's create.
    const settings = { ...input.settings, veto: input.settings.veto ?? true };
    await assertStageSetup({ type: input.type, format: input.format, teamIds: [], settings, stages }, maps);
    return { ...input, stages };
  };

  return {
    list: () => repo.templates(),
    async get(id: number) {
      const tpl = await repo.template(id);
      if (!tpl) {
        throw notFound(`Template ${id}`);
      }
      return tpl;
    },
    async create(input: TemplateInput) {
      const id = await repo.insertTemplate(await checked(input), ctx.clock.now());
      return (await repo.template(id))!;
    },
    async update(id: number, input: TemplateInput) {
      if (!(await repo.updateTemplate({ id, ...(await checked(input)) }, ctx.clock.now()))) {
        throw notFound(`Template ${id}`);
      }
      return (await repo.template(id))!;
    },
    async delete(id: number) {
      if (!(await repo.deleteTemplate(id))) {
        throw notFound(`Template ${id}`);
      }
    },
  };
}
