"""YAML recipes: a debugging session written down, replayed and checked (``dapcli run``).

Public API for the frontends:

- :func:`run_recipes` / :func:`run_recipes_async`: validate and run recipe files, print the
  transcript (text or JSON lines), write JUnit XML; return the exit code (0; 8: a check
  failed; 2: an invalid recipe; or the exit code of the error a launch or step raised).
- :func:`load_recipe`: validate one file (raises :class:`~dapcli.errors.UsageError`).
- :class:`Recorder`: turn the calls of a session into recipe YAML.
- :func:`recipe_schema`: the JSON Schema of the format, generated from the verb table.
- :func:`parse_vars`: ``--var k=v`` values as a mapping.
"""

from dapcli.dispatch.recorder import Recorder
from dapcli.frontends.recipe.run import parse_vars, run_recipes, run_recipes_async
from dapcli.frontends.recipe.schema import recipe_schema
from dapcli.frontends.recipe.validate import InvalidRecipe, load_recipe

__all__ = [
    "InvalidRecipe", "Recorder", "load_recipe", "parse_vars", "recipe_schema", "run_recipes", "run_recipes_async",
]
