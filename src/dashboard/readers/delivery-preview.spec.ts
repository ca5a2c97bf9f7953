import { deliveryPreview } from './delivery-preview';

describe('deliveryPreview', () => {
  const sign = (mediaId: string, contentType: string) =>
    `https://service.example/media-files/${mediaId}?type=${contentType}`;

  it("signs a thumbnail for an uploaded image, names a customer's URL without loading it, and shows a video as its kind", () => {
    const preview = deliveryPreview(
      [
        {
          content: 'Hello',
          media: [
            {
              url: 'https://service.example/media-files/med_1.png',
              kind: 'image',
              mediaId: 'med_1',
              contentType: 'image/png',
              altText: 'A cat',
            },
            { url: 'https://cdn.customer.example/dog.jpg', kind: 'image' },
            {
              url: 'https://service.example/media-files/med_2.mp4',
              kind: 'video',
              mediaId: 'med_2',
              contentType: 'video/mp4',
            },
          ],
        },
        { content: '', media: [] },
      ],
      true,
      sign,
    );
    expect(preview).toEqual({
      own: true,
      containers: [
        {
          text: 'Hello',
          media: [
            {
              kind: 'image',
              altText: 'A cat',
              thumbnailUrl: 'https://service.example/media-files/med_1?type=image/png',
            },
            { kind: 'image', externalUrl: 'https://cdn.customer.example/dog.jpg' },
            { kind: 'video' },
          ],
        },
        { text: '', media: [] },
      ],
    });
  });
});
