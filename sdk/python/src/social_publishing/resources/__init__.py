"""The API's resources, each in a synchronous and an asynchronous form."""

from .accounts import Accounts, AsyncAccounts
from .connect import AsyncConnect, Connect
from .events import AsyncEvents, Events
from .media import AsyncMedia, Media
from .networks import AsyncNetworks, Networks
from .posts import AsyncPosts, Posts
from .webhooks import AsyncWebhooks, Webhooks

__all__ = [
    "Accounts",
    "AsyncAccounts",
    "Connect",
    "AsyncConnect",
    "Events",
    "AsyncEvents",
    "Media",
    "AsyncMedia",
    "Networks",
    "AsyncNetworks",
    "Posts",
    "AsyncPosts",
    "Webhooks",
    "AsyncWebhooks",
]
