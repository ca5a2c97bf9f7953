"""The base of every generated model (models.py)."""

from pydantic import BaseModel, ConfigDict


class ApiModel(BaseModel):
    """A schema of the API document.

    Attributes are snake_case; each reads and writes the API's own name (its alias, camelCase for
    most fields): ``PostView.model_validate(answer)`` reads an answer as the API sends it, and
    ``body.model_dump(by_alias=True, exclude_none=True, mode="json")`` writes a body as the API
    takes it. Models are built with either name (``CreatePostBody(tenant_id=..., scheduled_at=...)``).

    Fields the SDK does not know yet (a newer service) are kept, in ``model_extra``, rather than
    refused, so an older SDK keeps reading newer answers.
    """

    model_config = ConfigDict(populate_by_name=True, extra="allow")
