import { ApiProperty } from '@nestjs/swagger';

/** A section of a board, where a post may go inside it. */
export class BoardSectionView {
  @ApiProperty({ example: '5497558851751' })
  id!: string;

  @ApiProperty({ example: 'Sourdough' })
  name!: string;
}

/** A board of the account (a place a post must name), with its sections. */
export class BoardView {
  @ApiProperty({ example: '549755885175' })
  id!: string;

  @ApiProperty({ example: 'Bread' })
  name!: string;

  @ApiProperty({
    nullable: true,
    type: String,
    description: "Who sees the board's posts, in the network's words (PUBLIC, SECRET, PROTECTED)",
    example: 'PUBLIC',
  })
  privacy!: string | null;

  @ApiProperty({ type: [BoardSectionView] })
  sections!: BoardSectionView[];
}

/** The boards of an account and the options a post names them in. */
export class AccountBoardsView {
  @ApiProperty({
    description: "The option of `options.<network>` a board's id goes in",
    example: 'boardId',
  })
  option!: string;

  @ApiProperty({
    nullable: true,
    type: String,
    description: "The option a section's id goes in; null where boards have no sections",
    example: 'boardSectionId',
  })
  sectionOption!: string | null;

  @ApiProperty({ type: [BoardView] })
  boards!: BoardView[];
}
